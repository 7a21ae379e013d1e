package media

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"image"
	"image/png"
	"io"
	"net/http/httptest"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The store works the same on a local directory (the default) and on S3-compatible storage.
// No S3 server can be installed here, so the S3 path runs against gofakes3, an in-process
// implementation of the S3 HTTP API.
func TestStores(t *testing.T) {
	backend := s3mem.New()
	require.NoError(t, backend.CreateBucket("vademecum"))
	s3 := httptest.NewServer(gofakes3.New(backend).Server())
	t.Cleanup(s3.Close)
	t.Setenv("AWS_ACCESS_KEY_ID", "test")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "test")

	var img bytes.Buffer
	require.NoError(t, png.Encode(&img, image.NewRGBA(image.Rect(0, 0, 2, 2))))
	sum := sha256.Sum256(img.Bytes())
	hash := hex.EncodeToString(sum[:])

	for name, url := range map[string]string{
		"local directory": "file://" + t.TempDir(),
		"s3":              "s3://vademecum?region=eu-central-2&use_path_style=true&endpoint=" + s3.URL,
	} {
		t.Run(name, func(t *testing.T) {
			ctx := t.Context()
			store, err := Open(ctx, url)
			require.NoError(t, err)
			t.Cleanup(func() { _ = store.Close() })

			ok, err := store.Exists(ctx, hash)
			require.NoError(t, err)
			assert.False(t, ok)
			b, err := store.Put(ctx, bytes.NewReader(img.Bytes()), "a.png")
			require.NoError(t, err)
			assert.Equal(t, Blob{Hash: hash, Mime: "image/png", Length: int64(img.Len()), Name: "a.png"}, b)
			_, err = store.Put(ctx, bytes.NewReader(img.Bytes()), "again.png")
			require.NoError(t, err, "the same content twice is stored once")

			r, err := store.Open(ctx, hash)
			require.NoError(t, err)
			got, err := io.ReadAll(r)
			require.NoError(t, err)
			require.NoError(t, r.Close())
			assert.Equal(t, img.Bytes(), got)
			assert.Equal(t, "image/png", r.ContentType())
			attrs, err := store.Bucket.Attributes(ctx, hash)
			require.NoError(t, err)
			assert.Equal(t, int64(img.Len()), attrs.Size)

			_, err = store.Open(ctx, hex.EncodeToString(make([]byte, 32)))
			assert.True(t, IsNotFound(err))
			_, err = store.Put(ctx, bytes.NewReader([]byte("<svg onload=alert(1)>")), "x.svg")
			assert.ErrorIs(t, err, errUnsupported)
		})
	}
}

func TestSniff(t *testing.T) {
	zip := []byte("PK\x03\x04\x14\x00\x06\x00")
	for _, tc := range []struct {
		head []byte
		name string
		want string
	}{
		{[]byte("%PDF-1.7\n"), "a.pdf", "application/pdf"},
		{[]byte("\xff\xd8\xff\xe0\x00\x10JFIF"), "a.jpg", "image/jpeg"},
		{zip, "Dosierung.DOCX", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"},
		{zip, "a.zip", ""},
		{[]byte("<html><body>"), "a.pdf", ""},
		{[]byte("#!/bin/sh\nrm -rf /"), "a.png", ""},
	} {
		assert.Equal(t, tc.want, Sniff(tc.head, tc.name), tc.name)
	}
}
