package api

import (
	"archive/zip"
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"

	"cashcontrol/internal/finance"
)

// exportDocument is the user's export, as the OpenAPI document describes it;
// exportMe writes the same JSON a row at a time (exportStream).
type exportDocument struct {
	Format     string                      `json:"format"`
	ExportedAt time.Time                   `json:"exportedAt"`
	User       *finance.User               `json:"user"`
	Data       map[string][]map[string]any `json:"data"`
}

const exportFormat = "cashcontrol-export/1"

// exportMe sends everything the user owns as the export document, or as a zip
// holding it and each attachment's file. The document is written as the
// store reads it: a ledger of a million movements costs the server a row's
// memory, not the export's. An error before the first byte is a problem
// answer; after it the answer is cut short (the client's JSON or zip is
// broken) and the log says why.
func (a *API) exportMe(w http.ResponseWriter, r *http.Request, u *finance.User) {
	zipped := r.URL.Query().Get("format") == "zip"
	now := time.Now().UTC()
	var zw *zip.Writer
	s := &exportStream{open: func() (io.Writer, error) {
		w.Header().Set("Cache-Control", "no-store")
		if !zipped {
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Content-Disposition", `attachment; filename="cashcontrol-export.json"`)
			w.WriteHeader(http.StatusOK)
			return w, nil
		}
		w.Header().Set("Content-Type", "application/zip")
		w.Header().Set("Content-Disposition", `attachment; filename="cashcontrol-export.zip"`)
		zw = zip.NewWriter(w)
		return zw.CreateHeader(&zip.FileHeader{Name: "cashcontrol-export.json", Method: zip.Deflate, Modified: now})
	}}
	s.head = exportHead(u, now)
	err := a.instance.ExportUserData(r.Context(), u.ID, s)
	if err == nil {
		err = s.close()
	}
	if err != nil {
		if !s.started {
			a.fail(w, r, err)
		} else {
			a.log.Error("export", "err", err)
		}
		return
	}
	if zipped {
		if err := a.exportFiles(r.Context(), zw, s.files); err != nil {
			a.log.Error("export zip", "err", err)
			return
		}
		if err := zw.Close(); err != nil {
			a.log.Error("export zip", "err", err)
		}
	}
}

// exportHead is the document's opening, up to its data's first table.
func exportHead(u *finance.User, at time.Time) []byte {
	head := []byte(`{"format":`)
	for i, v := range []any{exportFormat, at, u} {
		b, _ := json.Marshal(v) // a string, a time and a user always marshal
		head = append(append(head, []string{"", `,"exportedAt":`, `,"user":`}[i]...), b...)
	}
	return append(head, `,"data":{`...)
}

// exportedFile is an attachment the zip must carry, from its exported row.
type exportedFile struct {
	ledger, id int64
	name       string
}

// exportStream is the store's ExportSink writing the document: the opening
// when the first table comes (so that an error before it can still be a
// problem answer), then each table's rows as they are read.
type exportStream struct {
	open    func() (io.Writer, error)
	head    []byte
	w       *bufio.Writer
	started bool
	table   string
	rows    int
	files   []exportedFile
}

func (s *exportStream) Table(name string) error {
	if !s.started {
		out, err := s.open()
		if err != nil {
			return err
		}
		s.started = true
		s.w = bufio.NewWriterSize(out, 64<<10)
		s.w.Write(s.head)
	} else {
		s.w.WriteString("],")
	}
	key, _ := json.Marshal(name) // a string always marshals
	s.w.Write(key)
	s.w.WriteString(":[")
	s.table, s.rows = name, 0
	return nil
}

func (s *exportStream) Row(row map[string]any) error {
	b, err := json.Marshal(row)
	if err != nil {
		return err
	}
	if s.rows > 0 {
		s.w.WriteByte(',')
	}
	s.rows++
	if s.table == "attachments" {
		name, _ := row["name"].(string)
		s.files = append(s.files, exportedFile{ledger: toInt64(row["ledger_id"]), id: toInt64(row["id"]), name: name})
	}
	_, err = s.w.Write(b)
	return err
}

// close ends the document and sends what is buffered.
func (s *exportStream) close() error {
	if !s.started {
		return nil
	}
	s.w.WriteString("]}}\n")
	return s.w.Flush()
}

// exportFiles adds each attachment's file to the zip as
// attachments/<id>-<name>, stored as it is (images and PDFs are compressed).
func (a *API) exportFiles(ctx context.Context, zw *zip.Writer, files []exportedFile) error {
	for _, f := range files {
		att, file, err := a.db.OpenAttachment(ctx, f.ledger, f.id, false)
		if err != nil {
			return err
		}
		zf, err := zw.CreateHeader(&zip.FileHeader{Name: "attachments/" + strconv.FormatInt(att.ID, 10) + "-" + path.Base(strings.ReplaceAll(f.name, "\\", "/")),
			Method: zip.Store, Modified: time.UnixMilli(att.CreatedAt)})
		if err == nil {
			_, err = io.Copy(zf, file)
		}
		file.Close()
		if err != nil {
			return err
		}
	}
	return nil
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
