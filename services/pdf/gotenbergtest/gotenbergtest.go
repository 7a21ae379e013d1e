// Package gotenbergtest gives tests a real Gotenberg server: one per test binary, started by
// the first test that needs it and stopped by Stop (call it from TestMain). The binaries are
// built by ops/tools.sh (make tools); Gotenberg runs against Debian's Chromium, qpdf, pdftk
// and exiftool.
package gotenbergtest

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"vademecum/services/pdf"
)

var (
	once    sync.Once
	cmd     *exec.Cmd
	workDir string
	url     string
	initErr error
)

// toolsDir is bin/tools of the module the test runs in.
func toolsDir() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "bin", "tools"), nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("go.mod not found above the test's directory")
		}
		dir = parent
	}
}

// program finds an executable: the environment variable env, else candidates in order.
func program(env string, candidates ...string) (string, error) {
	if p := os.Getenv(env); p != "" {
		candidates = []string{p}
	}
	for _, c := range candidates {
		if p, err := exec.LookPath(c); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("%v not found: run make tools (ops/tools.sh), install the Debian packages of .ci/run or set %s", candidates, env)
}

func start() {
	tools, err := toolsDir()
	if err != nil {
		initErr = err
		return
	}
	bin, err := program("GOTENBERG_BIN", filepath.Join(tools, "gotenberg-chromium"))
	if err != nil {
		initErr = err
		return
	}
	env := os.Environ()
	for _, p := range []struct{ env, test string }{
		{"PDFCPU_BIN_PATH", filepath.Join(tools, "pdfcpu")}, {"QPDF_BIN_PATH", "qpdf"}, {"PDFTK_BIN_PATH", "pdftk"},
		{"EXIFTOOL_BIN_PATH", "exiftool"}, {"CHROMIUM_BIN_PATH", pdf.ChromiumPath()},
	} {
		path, err := program(p.env, p.test)
		if err != nil {
			initErr = err
			return
		}
		env = append(env, p.env+"="+path)
	}
	if workDir, err = os.MkdirTemp("", "vademecum-gotenberg-"); err != nil {
		initErr = err
		return
	}
	env = append(env, "CHROMIUM_HYPHEN_DATA_DIR_PATH="+workDir)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		initErr = err
		return
	}
	port := l.Addr().(*net.TCPAddr).Port
	_ = l.Close()
	cmd = exec.Command(bin, "--api-bind-ip=127.0.0.1", "--api-port="+strconv.Itoa(port), "--pdfengines-convert-engines=pdfcpu",
		"--chromium-auto-start", "--log-level=error")
	cmd.Env = env
	cmd.Dir = workDir
	// a process group of its own, so that Stop also ends the Chromium it starts
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if initErr = cmd.Start(); initErr != nil {
		return
	}
	url = fmt.Sprintf("http://127.0.0.1:%d", port)
	deadline := time.Now().Add(60 * time.Second)
	for {
		res, err := http.Get(url + "/health")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return
			}
		}
		if time.Now().After(deadline) {
			initErr = fmt.Errorf("gotenberg did not start: %v", err)
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// URL starts Gotenberg unless it runs already and returns its address.
func URL(t testing.TB) string {
	t.Helper()
	once.Do(start)
	if initErr != nil {
		t.Fatalf("gotenberg: %v", initErr)
	}
	return url
}

// Stop ends Gotenberg and its Chromium if a test started them.
func Stop() {
	if cmd != nil && cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-done
		}
	}
	if workDir != "" {
		_ = os.RemoveAll(workDir)
	}
}
