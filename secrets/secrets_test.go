package secrets

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLocalResolve(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "client"), []byte("from-file\n"), 0o600))
	require.NoError(t, os.Mkdir(filepath.Join(dir, "sub"), 0o700))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "sub", "crlf"), []byte("windows\r\n"), 0o600))
	outside := filepath.Join(t.TempDir(), "outside")
	require.NoError(t, os.WriteFile(outside, []byte("private"), 0o600))
	require.NoError(t, os.Symlink(outside, filepath.Join(dir, "link")))
	env := map[string]string{"VADEMECUM_SECRET_OIDC": "from-env", "DATABASE_URL": "postgres://user:pw@db/x"}
	l := Local{Dir: dir, LookupEnv: func(n string) (string, bool) { v, ok := env[n]; return v, ok }}

	cases := []struct {
		name, setting, want string
		err                 error
	}{
		{"literal", "s3cr3t", "s3cr3t", nil},
		{"empty literal", "", "", nil},
		{"environment", "env:VADEMECUM_SECRET_OIDC", "from-env", nil},
		{"missing variable", "env:VADEMECUM_SECRET_NONE", "", ErrNotFound},
		{"variable without the prefix", "env:DATABASE_URL", "", ErrRefused},
		{"the prefix alone", "env:VADEMECUM_SECRET_", "", ErrRefused},
		{"file by name", "file:client", "from-file", nil},
		{"file in a subdirectory, CRLF", "file:sub/crlf", "windows", nil},
		{"file by absolute path inside", "file:" + filepath.Join(dir, "client"), "from-file", nil},
		{"missing file", "file:nothing", "", ErrNotFound},
		{"climbing out", "file:../outside", "", ErrRefused},
		{"absolute path outside", "file:" + outside, "", ErrRefused},
		{"symbolic link leading out", "file:link", "", ErrRefused},
		{"the directory itself", "file:" + dir, "", ErrRefused},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := l.Resolve(context.Background(), c.setting)
			if c.err != nil {
				assert.ErrorIs(t, err, c.err)
				assert.Empty(t, got)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, c.want, got)
		})
	}
	t.Run("no directory refuses files", func(t *testing.T) {
		_, err := Local{}.Resolve(context.Background(), "file:client")
		assert.ErrorIs(t, err, ErrRefused)
	})
	t.Run("references are told from literals", func(t *testing.T) {
		assert.True(t, IsReference("env:X"))
		assert.True(t, IsReference("file:x"))
		assert.False(t, IsReference("plain"))
		assert.False(t, IsReference("environment:x"))
	})
}
