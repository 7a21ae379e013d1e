package guidelines

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// XSS vectors (from the OWASP filter evasion cheat sheet and friends): none may leave
// anything that runs.
var xssVectors = []string{
	`<script>alert(1)</script>`,
	`<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>`,
	`<img src=x onerror=alert(1)>`,
	`<IMG SRC="javascript:alert('XSS');">`,
	`<IMG SRC=JaVaScRiPt:alert('XSS')>`,
	`<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>`,
	`<IMG SRC="jav&#x09;ascript:alert('XSS');">`,
	`<a href="javascript:alert(1)">x</a>`,
	`<a href=" javascript:alert(1)">x</a>`,
	`<a href="JAVASCRIPT:alert(1)">x</a>`,
	`<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`,
	`<a href="vbscript:msgbox(1)">x</a>`,
	`<svg onload=alert(1)>`,
	`<svg><script>alert(1)</script></svg>`,
	`<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
	`<iframe src="javascript:alert(1)"></iframe>`,
	`<iframe src="https://evil.example/"></iframe>`,
	`<iframe srcdoc="<script>alert(1)</script>"></iframe>`,
	`<object data="https://evil.example/x.swf"></object>`,
	`<embed src="https://evil.example/x.swf">`,
	`<body onload=alert(1)>`,
	`<div style="background:url(javascript:alert(1))">x</div>`,
	`<p style="width: expression(alert(1))">x</p>`,
	`<style>@import 'https://evil.example/x.css';</style>`,
	`<link rel="stylesheet" href="https://evil.example/x.css">`,
	`<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`,
	`<base href="https://evil.example/">`,
	`<form action="https://evil.example/"><input name="q"><button>go</button></form>`,
	`<video src="x" onerror="alert(1)"></video>`,
	`<video poster="javascript:alert(1)"></video>`,
	`<details open ontoggle=alert(1)>`,
	`<table background="javascript:alert(1)"><tr><td>x</td></tr></table>`,
	`<td onmouseover=alert(1)>x</td>`,
	`"><script>alert(1)</script>`,
	`<scr<script>ipt>alert(1)</scr</script>ipt>`,
	`<!--<img src="--><img src=x onerror=alert(1)//">`,
	`<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
	`<a href="#" data-x="1" onclick="alert(1)">x</a>`,
	`<img src="https://ok.example/a.png" onload="alert(1)">`,
	`<source src="javascript:alert(1)" type="video/mp4">`,
}

func TestSanitizeRemovesScripts(t *testing.T) {
	for _, v := range xssVectors {
		out := strings.ToLower(Sanitize(v))
		for _, bad := range []string{"<script", "javascript:", "vbscript:", "data:text", "onerror", "onload", "onclick",
			"onmouseover", "ontoggle", "<iframe src=\"https://evil", "srcdoc", "<object", "<embed", "<style", "<link",
			"<meta", "<base", "<form", "<input", "expression(", "<svg", "evil.example/x.css"} {
			assert.NotContains(t, out, bad, "vector %q gave %q", v, out)
		}
	}
}

func TestSanitizeKeepsEditorOutput(t *testing.T) {
	for _, html := range []string{
		`<h2>Dosierung</h2><p>Erwachsene: <strong>1 g</strong> i.v. alle <em>8 h</em>.</p>`,
		`<ul><li>eins</li><li>zwei</li></ul><ol start="3"><li>drei</li></ol>`,
		`<table><thead><tr><th scope="col">Alter</th><th colspan="2">Dosis</th></tr></thead><tbody><tr><td rowspan="2">&lt; 12</td><td>5 mg/kg</td><td>max 1 g</td></tr></tbody></table>`,
		`<p>Siehe<sup data-footnote-ref="fn1" id="ref-fn1">1</sup></p><section data-footnotes=""><p id="fn1">Quelle: SGAIM 2024</p></section>`,
		`<div data-lookup-table="" data-scale="[&#34;Gewicht&#34;]" data-data="{&#34;10 kg&#34;:&#34;1 ml&#34;}"></div>`,
		`<p><a href="/guideline/12/de/5">intern</a> <a href="mailto:apotheke@kssg.ch">Apotheke</a></p>`,
		`<figure><img src="/api/common/get/document/abc123" alt="Schema" width="640"/><figcaption>Abb. 1</figcaption></figure>`,
		`<video src="/api/common/get/document/def456" controls="" poster="/api/common/get/document/p1"></video>`,
		`<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" width="560" height="315" allowfullscreen=""></iframe>`,
		`<p style="text-align: center">Mitte</p>`,
	} {
		assert.Equal(t, html, Sanitize(html))
	}
	assert.Equal(t, `<a href="https://www.sgaim.ch/" rel="noreferrer noopener" target="_blank">SGAIM</a>`,
		Sanitize(`<a href="https://www.sgaim.ch/">SGAIM</a>`), "outside links open apart and pass no referrer")
}

// Saving what was loaded must not change it: sanitising is idempotent.
func TestSanitizeIdempotent(t *testing.T) {
	for _, html := range append(xssVectors,
		`<p><a href="https://www.sgaim.ch/" target="_blank" rel="noopener">a</a> <a href="https://x.ch/" rel="noreferrer noopener" target="_blank">b</a></p>`,
		`<a href="/guideline/1" target="_blank">intern</a>`,
		`<table><tr><td colspan="2" style="text-align: right">x</td></tr></table>`) {
		once := Sanitize(html)
		assert.Equal(t, once, Sanitize(once), html)
	}
}

func BenchmarkSanitize(b *testing.B) {
	html := strings.Repeat(`<h2>Abschnitt</h2><p>Text mit <strong>Fett</strong> und <a href="https://a.example/x">Link</a>.</p>`+
		`<table><tr><td>a</td><td>b</td></tr></table><ul><li>x</li></ul>`, 200)
	b.SetBytes(int64(len(html)))
	for b.Loop() {
		Sanitize(html)
	}
}
