package pdf

import (
	"context"
	"errors"
)

// Page is a print document: the HTML of the pages (self-contained: images inline, no
// requests) and the HTML of the footer every page gets, where Chromium fills in the spans of
// class pageNumber and totalPages.
type Page struct {
	HTML   string
	Footer string
}

// Converter prints a page as PDF.
type Converter interface {
	Convert(ctx context.Context, p Page) ([]byte, error)
}

// The paper of every print: A4, margins in inches (the bottom one holds the footer).
const (
	paperWidth   = 8.27
	paperHeight  = 11.69
	marginTop    = 0.6
	marginBottom = 0.8
	marginSide   = 0.6
)

// ErrUnavailable wraps the failures of a converter: the PDF cannot be made now.
var ErrUnavailable = errors.New("pdf converter unavailable")

func unavailable(err error) error { return errors.Join(ErrUnavailable, err) }
