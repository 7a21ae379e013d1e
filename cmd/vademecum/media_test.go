package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// upload posts one file as the editor does and returns the answer.
func (e *testEnv) upload(session, name string, content []byte) result {
	e.t.Helper()
	return e.uploadTo("alpha", session, name, content)
}

// uploadTo posts one file in a space as the editor does and returns the answer.
func (e *testEnv) uploadTo(space, session, name string, content []byte) result {
	e.t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	part, err := w.CreateFormFile("file", name)
	require.NoError(e.t, err)
	_, err = part.Write(content)
	require.NoError(e.t, err)
	require.NoError(e.t, w.Close())
	res := e.do(http.MethodPost, space+"."+testDomain, "/api/author/upload", session,
		map[string]string{"Space": space, "Content-Type": w.FormDataContentType()}, body.String())
	data, err := io.ReadAll(res.Body)
	require.NoError(e.t, err)
	return result{Status: res.StatusCode, Body: bytes.TrimSpace(data)}
}

func pngFile(t *testing.T) []byte {
	var b bytes.Buffer
	require.NoError(t, png.Encode(&b, image.NewRGBA(image.Rect(0, 0, 4, 4))))
	return b.Bytes()
}

// TestIntegrationMedia proves that files go through the whole server: an upload on a space's
// host lands in the configured store, is attached to a guideline and served back on that
// host, and only members of the space upload; which files are accepted and who may attach,
// list and download them is proven in services/media.
func TestIntegrationMedia(t *testing.T) {
	e := newEnv(t)
	id := e.createGuideline(e.collMember, e.cardio.ID, nil)
	img := pngFile(t)
	sum := sha256.Sum256(img)
	hash := hex.EncodeToString(sum[:])

	res := e.upload(e.collMember, "schema.png", img)
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	var blob struct {
		Hash   string `json:"hash"`
		Mime   string `json:"mime"`
		Length int64  `json:"length"`
	}
	res.JSON(t, &blob)
	assert.Equal(t, hash, blob.Hash, "content-addressed")
	assert.Equal(t, "image/png", blob.Mime)
	assert.Equal(t, int64(len(img)), blob.Length)
	res = e.upload(e.collMember, "run.exe", []byte("MZ\x90\x00\x03\x00\x00\x00"))
	assert.Equal(t, http.StatusBadRequest, res.Status)
	assert.Equal(t, "media.unsupportedType", res.Message())
	res = e.upload(e.outsider, "schema.png", img)
	assert.Equal(t, http.StatusForbidden, res.Status, "only space members upload")

	res = e.api("alpha", e.collMember, "author/mutation/createDocument", map[string]any{"doc": map[string]any{"hash": hash, "name": "Schema", "guidelineId": fmt.Sprint(id)}})
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	var doc struct {
		ID   int64  `json:"id"`
		Mime string `json:"mime"`
		URL  string `json:"url"`
	}
	res.JSON(t, &doc)
	assert.Equal(t, "image/png", doc.Mime)
	assert.Equal(t, "/api/common/get/document/"+hash, doc.URL)
	var docs []struct {
		ID int64 `json:"id"`
	}
	e.api("alpha", e.validator, "author/query/documentsForGuideline", fmt.Sprintf(`{"guidelineId":%d}`, id)).JSON(t, &docs)
	require.Len(t, docs, 1)
	assert.Equal(t, doc.ID, docs[0].ID)

	dl := e.do(http.MethodGet, "alpha."+testDomain, doc.URL, e.collMember, map[string]string{"Space": "alpha"}, "")
	require.Equal(t, http.StatusOK, dl.StatusCode)
	assert.Equal(t, "image/png", dl.Header.Get("Content-Type"))
	assert.Equal(t, "nosniff", dl.Header.Get("X-Content-Type-Options"))
	got, _ := io.ReadAll(dl.Body)
	assert.Equal(t, img, got)
	dl = e.do(http.MethodGet, "alpha."+testDomain, doc.URL, "", map[string]string{"Space": "alpha"}, "")
	assert.Equal(t, http.StatusNotFound, dl.StatusCode, "a draft's file is nobody else's to read")
	dl = e.do(http.MethodGet, "alpha."+testDomain, "/api/common/get/document/..%2f..%2fetc%2fpasswd", "", map[string]string{"Space": "alpha"}, "")
	assert.Equal(t, http.StatusNotFound, dl.StatusCode)

	res = e.api("alpha", e.collMember, "author/mutation/deleteDocument", fmt.Sprintf(`{"docId":"%d"}`, doc.ID))
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	assert.Equal(t, "true", string(res.Body))
}

func TestIntegrationLinkAudit(t *testing.T) {
	e := newEnv(t)
	c := e.cardio.ID
	target := e.createGuideline(e.collMember, c, nil)
	e.addVersion(e.collMember, target, "de", "Ziel")
	img := pngFile(t)
	res := e.upload(e.collMember, "ok.png", img)
	require.Equal(t, http.StatusOK, res.Status)
	sum := sha256.Sum256(img)
	missing := fmt.Sprintf("%064x", 7)
	id := e.createGuideline(e.collMember, c, nil)
	content := fmt.Sprintf(`<p><a href="/guideline/%d/de">gut</a> <a href="/guideline/999999">weg</a> <a href="dosierung.html">relativ</a>
		<a href="http://127.0.0.1:9/intern">intern</a></p><p><img src="/api/common/get/document/%s" alt="da"/><img src="/api/common/get/document/%s" alt="fehlt"/></p>`,
		target, hex.EncodeToString(sum[:]), missing)
	res = e.api("alpha", e.collMember, "author/mutation/addGuidelineVersion", map[string]any{"glv": map[string]any{"guidelineId": id, "language": "de",
		"title": "Audit", "details": []map[string]any{{"title": "A", "content": content}}}})
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))

	type hint struct {
		Issue string `json:"issue"`
		URL   string `json:"url"`
		Error string `json:"error"`
	}
	var audit struct {
		Status  string `json:"status"`
		Details []struct {
			Hints []hint `json:"hints"`
		} `json:"details"`
	}
	e.api("alpha", e.collMember, "author/query/audit", fmt.Sprintf(`{"glid":%d,"lang":"de"}`, id)).JSON(t, &audit)
	assert.Equal(t, "none", audit.Status)
	assert.Equal(t, http.StatusForbidden, e.api("alpha", e.validator, "author/mutation/runAudit", fmt.Sprintf(`{"glid":%d,"lang":"de"}`, id)).Status)
	res = e.api("alpha", e.collMember, "author/mutation/runAudit", fmt.Sprintf(`{"glid":%d,"lang":"de"}`, id))
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	require.Eventually(t, func() bool {
		e.api("alpha", e.validator, "author/query/audit", fmt.Sprintf(`{"glid":%d,"lang":"de"}`, id)).JSON(t, &audit)
		return audit.Status != "running"
	}, 20*time.Second, 50*time.Millisecond)
	assert.Equal(t, "issues", audit.Status)
	require.Len(t, audit.Details, 1)
	assert.ElementsMatch(t, []hint{
		{"brokenReference", "/guideline/999999", "notFound"},
		{"invalidLink", "dosierung.html", "relative"},
		{"brokenLink", "http://127.0.0.1:9/intern", "blocked"},
		{"missingImage", "/api/common/get/document/" + missing, ""},
	}, audit.Details[0].Hints)

	var info struct {
		Title, Type, Error, Normalized string
	}
	e.api("alpha", e.collMember, "author/query/linkInfo", fmt.Sprintf(`{"link":"https://alpha.vademecum.localhost/guideline/%d/de","params":{"language":"fr"}}`, target)).JSON(t, &info)
	assert.Equal(t, "guideline", info.Type)
	assert.Equal(t, "Sepsis de", info.Title)
	assert.Empty(t, info.Error)
	e.api("alpha", e.collMember, "toc/query/linkInfo", `{"link":"/guideline/999999/de/1"}`).JSON(t, &info)
	assert.Equal(t, "notFound", info.Error)
	e.api("alpha", e.collMember, "author/query/linkInfo", `{"link":"ftp://files.example.org/x"}`).JSON(t, &info)
	assert.Equal(t, "invalid", info.Type)
}
