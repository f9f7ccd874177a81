package api

import (
	"mime"
	"net/http"
	"strconv"
	"time"

	"cashcontrol/internal/auth"
	"cashcontrol/internal/finance"
)

func (a *API) listAttachments(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := pathID(r)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	items, err := a.db.Attachments(r.Context(), u.LedgerID, id)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list[finance.Attachment]{Items: items})
}

// addAttachment keeps a file (multipart "file") with a movement. Its type
// is sniffed from its bytes; an image gets a thumbnail and loses its
// metadata. Uploads are limited per user and per client address, as bank
// files are (each with buckets of their own).
func (a *API) addAttachment(w http.ResponseWriter, r *http.Request, u *finance.User) {
	if err := allowAttachment(a.limits.Uploads, r, u); err != nil {
		a.fail(w, r, err)
		return
	}
	id, err := pathID(r)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	// Another ledger's movement is a 404 before the body is read.
	if _, err := a.db.Attachments(r.Context(), u.LedgerID, id); err != nil {
		a.fail(w, r, err)
		return
	}
	name, data, _, err := readMultipartFile(w, r, finance.MaxAttachmentBytes, "")
	if err != nil {
		a.fail(w, r, err)
		return
	}
	in, err := a.db.PrepareAttachment(r.Context(), name, data)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	att, err := a.db.AddAttachment(r.Context(), u.LedgerID, id, in)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, att)
}

// getAttachment sends a file (its thumbnail with thumbnail) to a member of
// its ledger: with its sniffed type, never sniffed again by the browser, as
// a sandboxed document that runs nothing, under its name.
func (a *API) getAttachment(thumbnail bool) func(http.ResponseWriter, *http.Request, *finance.User) {
	return func(w http.ResponseWriter, r *http.Request, u *finance.User) {
		id, err := pathID(r)
		if err != nil {
			a.fail(w, r, err)
			return
		}
		att, f, err := a.db.OpenAttachment(r.Context(), u.LedgerID, id, thumbnail)
		if err != nil {
			a.fail(w, r, err)
			return
		}
		defer f.Close()
		h := w.Header()
		typ, name := att.ContentType, att.Name
		if thumbnail {
			typ, name = finance.TypeJPEG, "thumbnail-"+strconv.FormatInt(att.ID, 10)+".jpg"
		}
		// A browser shows an image inline; a PDF is downloaded (a sandboxed
		// document cannot show one).
		disposition := "inline"
		if r.URL.Query().Get("download") == "1" || typ == finance.TypePDF {
			disposition = "attachment"
		}
		h.Set("Content-Type", typ)
		h.Set("Content-Disposition", mime.FormatMediaType(disposition, map[string]string{"filename": name}))
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Content-Security-Policy", "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
		h.Set("Cache-Control", "private, max-age=86400")
		http.ServeContent(w, r, "", time.UnixMilli(att.CreatedAt), f)
	}
}

func (a *API) deleteAttachment(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := pathID(r)
	if err == nil {
		err = a.db.DeleteAttachment(r.Context(), u.LedgerID, id)
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// allowAttachment takes an upload from the user's bucket and the client
// address's, both apart from the bank files' (keys "attach:…").
func allowAttachment(l *auth.Limiter, r *http.Request, u *finance.User) error {
	if l == nil {
		return nil
	}
	for _, key := range []string{"attach-user:" + strconv.FormatInt(u.ID, 10), "attach-ip:" + auth.ClientIP(r)} {
		if ok, wait := l.Allow(key); !ok {
			return &auth.RateLimitedError{RetryAfter: wait, Message: "too many files attached, try again later"}
		}
	}
	return nil
}
