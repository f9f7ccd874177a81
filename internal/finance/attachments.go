package finance

// Attachments: receipts and documents kept with a movement, as files
// outside the SQL rows (the store's files.Store). Their type is sniffed from
// their bytes (files.Inspect), never taken from the name.

// Limits of attachments.
const (
	MaxAttachmentBytes        = 10 << 20
	MaxAttachmentsPerMovement = 10
	MaxAttachmentName         = 200
)

// The types an attachment may be.
const (
	TypeJPEG = "image/jpeg"
	TypePNG  = "image/png"
	TypeWebP = "image/webp"
	TypePDF  = "application/pdf"
)

// Attachment is a file kept with a movement. Thumbnail: a small JPEG of an
// image is there (GET …/thumbnail); a PDF has none.
type Attachment struct {
	ID          int64  `json:"id,string"`
	MovementID  int64  `json:"movementId,string"`
	Name        string `json:"name"`
	ContentType string `json:"contentType"`
	Size        int64  `json:"size"`
	Width       int    `json:"width"`
	Height      int    `json:"height"`
	Thumbnail   bool   `json:"thumbnail"`
	CreatedAt   int64  `json:"createdAt"` // Unix milliseconds
}
