package tenancy

import (
	"archive/tar"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// ArchiveFormat is the version of the archive layout that Dump writes and Restore reads.
//
// An archive is a gzip-compressed tar file. Its first entry is manifest.json (Manifest);
// the entries it lists follow, each with its size and SHA-256 in the manifest:
//
//	schema/<table>.copy   a table of the space's schema in COPY's binary format
//	control/<part>.json   a context's control-plane rows of the space (ControlPart)
//	blobs/<sha256>        an uploaded file the space's data refers to
const ArchiveFormat = 1

// Errors of reading an archive.
var (
	ErrArchiveFormat   = errors.New("the archive is not a space archive of a format this installation reads")
	ErrArchiveNewer    = errors.New("the archive was taken at a newer space schema version than this installation knows; upgrade first")
	ErrArchiveTampered = errors.New("the archive is damaged or was changed after it was written")
	ErrArchiveRefs     = errors.New("the archive refers to what this installation lacks")
)

// Manifest describes an archive: what it holds and how to check it.
type Manifest struct {
	Format int `json:"format"`
	// SchemaVersion is the space schema's migration version the data was taken at.
	SchemaVersion int64        `json:"schemaVersion"`
	TakenAt       time.Time    `json:"takenAt"`
	Space         SpaceRecord  `json:"space"`
	Tables        []TableEntry `json:"tables"`
	// Sequences are where the schema's sequences stood.
	Sequences map[string]sequenceState `json:"sequences"`
	// Parts name the control-plane parts held, in the order they are imported.
	Parts []string `json:"parts"`
	// Blobs are the hashes of the uploaded files held.
	Blobs   []string `json:"blobs"`
	Entries []Entry  `json:"entries"`
}

// SpaceRecord is what the control plane's record of a space holds besides its placement and
// status: a restored space gets it, with a new id and maybe another subdomain.
type SpaceRecord struct {
	ID                     int64             `json:"id"`
	Subdomain              string            `json:"subdomain"`
	Title                  string            `json:"title"`
	Color                  string            `json:"color"`
	AccentColor            string            `json:"accentColor"`
	EmailDomains           []string          `json:"emailDomains"`
	Tags                   []string          `json:"tags"`
	Variables              map[string]string `json:"variables"`
	LPVisible              bool              `json:"lpVisible"`
	National               bool              `json:"national"`
	Public                 bool              `json:"public"`
	Position               int               `json:"position"`
	SelfSignup             bool              `json:"selfSignup"`
	AdminsNeedSecondFactor bool              `json:"adminsNeedSecondFactor"`
}

// TableEntry is a table of the space's schema in the archive, in loading order, with the
// fingerprint the loaded table must have.
type TableEntry struct {
	Name   string `json:"name"`
	Rows   int64  `json:"rows"`
	Digest string `json:"digest"`
}

// Entry is a file of the archive.
type Entry struct {
	Name   string `json:"name"`
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

const manifestName = "manifest.json"

// entryName accepts only the names Dump writes, so that no entry reaches outside the
// directory an archive is read into.
var entryName = regexp.MustCompile(`^(schema/[a-z_][a-z0-9_]*\.copy|control/[a-z][a-zA-Z0-9]*\.json|blobs/[0-9a-f]{64})$`)

// archiveDir is the directory a dump writes its entries to, or a restore reads them from.
type archiveDir struct {
	dir      string
	manifest Manifest
}

func newArchiveDir() (*archiveDir, error) {
	dir, err := os.MkdirTemp("", "vademecum-archive-*")
	if err != nil {
		return nil, err
	}
	return &archiveDir{dir: dir}, nil
}

func (a *archiveDir) remove() { _ = os.RemoveAll(a.dir) }

func (a *archiveDir) path(name string) string { return filepath.Join(a.dir, filepath.FromSlash(name)) }

// add writes an entry by fn and records it in the manifest.
func (a *archiveDir) add(name string, fn func(io.Writer) error) error {
	if !entryName.MatchString(name) {
		return fmt.Errorf("archive entry %q: not a valid name", name)
	}
	p := a.path(name)
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return err
	}
	f, err := os.Create(p)
	if err != nil {
		return err
	}
	h := sha256.New()
	c := &counter{w: io.MultiWriter(f, h)}
	err = fn(c)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("archive entry %s: %w", name, err)
	}
	a.manifest.Entries = append(a.manifest.Entries, Entry{Name: name, Size: c.n, SHA256: hex.EncodeToString(h.Sum(nil))})
	return nil
}

// open opens an entry of a verified archive.
func (a *archiveDir) open(name string) (*os.File, error) {
	for _, e := range a.manifest.Entries {
		if e.Name == name {
			return os.Open(a.path(name))
		}
	}
	return nil, fmt.Errorf("%w: entry %s is missing", ErrArchiveTampered, name)
}

// write writes the archive to out: the manifest first, then the entries in its order. The
// file appears complete or not at all (written beside it, then renamed).
func (a *archiveDir) write(out string) error {
	manifest, err := json.MarshalIndent(a.manifest, "", "  ")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(out), "."+filepath.Base(out)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	zw := gzip.NewWriter(tmp)
	tw := tar.NewWriter(zw)
	header := func(name string, size int64) error {
		return tw.WriteHeader(&tar.Header{Name: name, Size: size, Mode: 0o600, ModTime: a.manifest.TakenAt, Typeflag: tar.TypeReg, Format: tar.FormatPAX})
	}
	if err := header(manifestName, int64(len(manifest))); err != nil {
		return err
	}
	if _, err := tw.Write(manifest); err != nil {
		return err
	}
	for _, e := range a.manifest.Entries {
		if err := header(e.Name, e.Size); err != nil {
			return err
		}
		f, err := os.Open(a.path(e.Name))
		if err != nil {
			return err
		}
		_, err = io.Copy(tw, f)
		f.Close()
		if err != nil {
			return err
		}
	}
	for _, c := range []io.Closer{tw, zw} {
		if err := c.Close(); err != nil {
			return err
		}
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), out)
}

// readArchive unpacks an archive into a new directory and verifies it: its format, every
// entry's size and SHA-256 against the manifest, nothing missing, nothing more.
func readArchive(file string) (*archiveDir, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	a, err := newArchiveDir()
	if err != nil {
		return nil, err
	}
	if err := a.unpack(f); err != nil {
		a.remove()
		return nil, err
	}
	return a, nil
}

func (a *archiveDir) unpack(r io.Reader) error {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return fmt.Errorf("%w (not gzip-compressed: %v)", ErrArchiveFormat, err)
	}
	tr := tar.NewReader(zr)
	damaged := func(err error) error { return fmt.Errorf("%w: %v", ErrArchiveTampered, err) }
	hd, err := tr.Next()
	if err != nil {
		return fmt.Errorf("%w (%v)", ErrArchiveFormat, err)
	}
	if hd.Name != manifestName || hd.Size > 64<<20 {
		return fmt.Errorf("%w (no manifest first)", ErrArchiveFormat)
	}
	raw, err := io.ReadAll(tr)
	if err != nil {
		return damaged(err)
	}
	// the format first, so that another format's manifest is refused for what it is
	var head struct {
		Format int `json:"format"`
	}
	if err := json.Unmarshal(raw, &head); err != nil {
		return fmt.Errorf("%w (manifest: %v)", ErrArchiveFormat, err)
	}
	if head.Format != ArchiveFormat {
		return fmt.Errorf("%w (format %d; this installation reads format %d)", ErrArchiveFormat, head.Format, ArchiveFormat)
	}
	if err := json.Unmarshal(raw, &a.manifest); err != nil {
		return fmt.Errorf("%w (manifest: %v)", ErrArchiveFormat, err)
	}
	want := map[string]Entry{}
	for _, e := range a.manifest.Entries {
		if !entryName.MatchString(e.Name) {
			return damaged(fmt.Errorf("entry name %q", e.Name))
		}
		want[e.Name] = e
	}
	seen := map[string]bool{}
	for {
		hd, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return damaged(err)
		}
		e, ok := want[hd.Name]
		if !ok || seen[hd.Name] || hd.Typeflag != tar.TypeReg {
			return damaged(fmt.Errorf("unexpected entry %q", hd.Name))
		}
		seen[hd.Name] = true
		if err := a.extract(tr, e); err != nil {
			return err
		}
	}
	// the gzip trailer's checksum is checked at its end
	if _, err := io.Copy(io.Discard, zr); err != nil {
		return damaged(err)
	}
	for name := range want {
		if !seen[name] {
			return damaged(fmt.Errorf("entry %s is missing", name))
		}
	}
	return nil
}

// extract writes one entry, checking its size and digest.
func (a *archiveDir) extract(r io.Reader, e Entry) error {
	p := a.path(e.Name)
	if !strings.HasPrefix(p, a.dir+string(filepath.Separator)) || path.Clean(e.Name) != e.Name {
		return fmt.Errorf("%w: entry name %q", ErrArchiveTampered, e.Name)
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return err
	}
	f, err := os.Create(p)
	if err != nil {
		return err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(io.MultiWriter(f, h), r)
	if err != nil {
		return fmt.Errorf("%w: entry %s: %v", ErrArchiveTampered, e.Name, err)
	}
	if n != e.Size || hex.EncodeToString(h.Sum(nil)) != e.SHA256 {
		return fmt.Errorf("%w: entry %s does not match its digest", ErrArchiveTampered, e.Name)
	}
	return f.Close()
}

// counter counts what is written through it.
type counter struct {
	w io.Writer
	n int64
}

func (c *counter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
