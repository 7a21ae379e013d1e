package auth

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPasswordHash(t *testing.T) {
	h, err := HashPassword("correct horse")
	require.NoError(t, err)
	assert.Contains(t, h, "$argon2id$")
	ok, err := CheckPassword(h, "correct horse")
	require.NoError(t, err)
	assert.True(t, ok)
	ok, err = CheckPassword(h, "wrong horse")
	require.NoError(t, err)
	assert.False(t, ok)
	h2, _ := HashPassword("correct horse")
	assert.NotEqual(t, h, h2, "salted")
	_, err = CheckPassword("$bcrypt$x", "x")
	assert.Error(t, err)
}

func TestLimiterSlowsDownAndForgets(t *testing.T) {
	now := time.Date(2026, 1, 1, 8, 0, 0, 0, time.UTC)
	l := NewLimiter(3)
	l.now = func() time.Time { return now }
	for i := 0; i < 3; i++ {
		assert.Zero(t, l.Wait("a"))
		l.Fail("a")
	}
	assert.Equal(t, time.Second, l.Wait("a"))
	assert.Zero(t, l.Wait("b"), "other keys are not affected")
	l.Fail("a")
	assert.Equal(t, 2*time.Second, l.Wait("a"), "each failure doubles the wait")
	now = now.Add(2 * time.Second)
	assert.Zero(t, l.Wait("a"))
	now = now.Add(time.Hour)
	assert.Zero(t, l.Wait("a"), "failures are forgotten after the window")
	l.Fail("c")
	l.Reset("c")
	assert.Zero(t, l.Wait("c"))
	for i := 0; i < 40; i++ {
		l.Fail("d")
	}
	assert.Equal(t, 15*time.Minute, l.Wait("d"), "capped")
}

func TestSafePath(t *testing.T) {
	for in, want := range map[string]string{
		"/profile": "/profile", "/a?b=c": "/a?b=c", "": "/", "//evil": "/", "/\\evil": "/",
		"http://evil": "/", "javascript:alert(1)": "/", "/a\r\nSet-Cookie: x": "/",
	} {
		assert.Equal(t, want, safePath(in), in)
	}
}
