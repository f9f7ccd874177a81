package api

import (
	"archive/zip"
	"encoding/json"
	"io"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"

	"cashcontrol/internal/auth"
	"cashcontrol/internal/finance"
	"cashcontrol/internal/store"
)

func (a *API) getMe(w http.ResponseWriter, r *http.Request, u *finance.User) {
	writeJSON(w, http.StatusOK, u)
}

func (a *API) patchMe(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var p finance.ProfilePatch
	if err := decode(w, r, &p); err != nil {
		a.fail(w, r, err)
		return
	}
	out, err := a.db.UpdateProfile(r.Context(), u.ID, p)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (a *API) putSettings(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var s finance.Settings
	if err := decode(w, r, &s); err != nil {
		a.fail(w, r, err)
		return
	}
	out, err := a.db.UpdateSettings(r.Context(), u.ID, s)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

type welcomeRequest struct {
	LanguagePreference string `json:"languagePreference" enum:"SWITCH_TO_SPANISH,SWITCH_TO_ENGLISH,SWITCH_TO_FRENCH"`
	BaseCurrency       string `json:"baseCurrency"`
	StarterCategories  *bool  `json:"starterCategories"`
	TimeZone           string `json:"timeZone"`
}

func (a *API) welcome(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var req welcomeRequest
	if err := decode(w, r, &req); err != nil {
		a.fail(w, r, err)
		return
	}
	starter := req.StarterCategories == nil || *req.StarterCategories
	out, err := a.db.CompleteWelcome(r.Context(), u.ID, store.Welcome{Language: req.LanguagePreference, Currency: req.BaseCurrency,
		StarterCategories: starter, CashAccountName: finance.CashAccountName(req.LanguagePreference), TimeZone: req.TimeZone})
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (a *API) changePassword(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var req auth.ChangePasswordRequest
	if err := decode(w, r, &req); err != nil {
		a.fail(w, r, err)
		return
	}
	if err := a.auth.ChangePassword(r.Context(), u, req, sessionOf(r).TokenHash, auth.ClientOf(r)); err != nil {
		a.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (a *API) endAllSessions(w http.ResponseWriter, r *http.Request, u *finance.User) {
	if err := a.sessions.EndAll(r.Context(), r, u.ID); err != nil {
		a.fail(w, r, err)
		return
	}
	a.sessions.Clear(w, r)
	w.WriteHeader(http.StatusNoContent)
}

// deleteMeRequest is the body of DELETE /me: the current password (an
// account without one sends {} and must have signed in recently).
type deleteMeRequest struct {
	CurrentPassword string `json:"currentPassword"`
}

func (a *API) deleteMe(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var req deleteMeRequest
	if r.ContentLength != 0 {
		if err := decode(w, r, &req); err != nil {
			a.fail(w, r, err)
			return
		}
	}
	if err := a.auth.ConfirmIdentity(r.Context(), u, req.CurrentPassword, a.sessions.SignedInRecently(sessionOf(r))); err != nil {
		a.fail(w, r, err)
		return
	}
	if err := a.db.DeleteUser(r.Context(), u.ID); err != nil {
		a.fail(w, r, err)
		return
	}
	a.sessions.Clear(w, r)
	w.WriteHeader(http.StatusNoContent)
}

type exportDocument struct {
	Format     string                      `json:"format"`
	ExportedAt time.Time                   `json:"exportedAt"`
	User       *finance.User               `json:"user"`
	Data       map[string][]map[string]any `json:"data"`
}

func (a *API) exportMe(w http.ResponseWriter, r *http.Request, u *finance.User) {
	data, err := a.db.ExportUserData(r.Context(), u.ID)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	doc := exportDocument{Format: "cashcontrol-export/1", ExportedAt: time.Now().UTC(), User: u, Data: data}
	if r.URL.Query().Get("format") == "zip" {
		a.exportZip(w, r, doc)
		return
	}
	w.Header().Set("Content-Disposition", `attachment; filename="cashcontrol-export.json"`)
	writeJSON(w, http.StatusOK, doc)
}

// exportZip sends the export as a zip: the document as
// cashcontrol-export.json and each attachment's file as
// attachments/<id>-<name>.
func (a *API) exportZip(w http.ResponseWriter, r *http.Request, doc exportDocument) {
	w.Header().Set("Content-Type", "application/zip")
	w.Header().Set("Content-Disposition", `attachment; filename="cashcontrol-export.zip"`)
	zw := zip.NewWriter(w)
	fail := func(err error) {
		// The status is sent: a broken zip tells the client, the log tells us.
		a.log.Error("export zip", "err", err)
	}
	f, err := zw.Create("cashcontrol-export.json")
	if err == nil {
		err = json.NewEncoder(f).Encode(doc)
	}
	if err != nil {
		fail(err)
		return
	}
	for _, row := range doc.Data["attachments"] {
		ledger, id := toInt64(row["ledger_id"]), toInt64(row["id"])
		name, _ := row["name"].(string)
		att, file, err := a.db.OpenAttachment(r.Context(), ledger, id, false)
		if err != nil {
			fail(err)
			return
		}
		zf, err := zw.CreateHeader(&zip.FileHeader{Name: "attachments/" + strconv.FormatInt(att.ID, 10) + "-" + path.Base(strings.ReplaceAll(name, "\\", "/")), Method: zip.Store,
			Modified: time.UnixMilli(att.CreatedAt)})
		if err == nil {
			_, err = io.Copy(zf, file)
		}
		file.Close()
		if err != nil {
			fail(err)
			return
		}
	}
	if err := zw.Close(); err != nil {
		fail(err)
	}
}

// toInt64 reads an id of an exported row (an integer column).
func toInt64(v any) int64 {
	switch n := v.(type) {
	case int64:
		return n
	case int:
		return int64(n)
	case float64:
		return int64(n)
	}
	return 0
}
