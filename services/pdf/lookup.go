package pdf

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"math"
	"strconv"
	"strings"
)

// Lookup tables are stored as `<div data-lookup-table data-scale="…" data-data="…">` with two
// JSON attributes (the format is described in frontend/src/components/LookupTable.tsx): scale
// gives the rows, data the columns in key order, nested objects being groups of columns with
// one header row per level of nesting. The reader draws them in the browser; the print gets
// a plain table with the same headers.

// The bounds of the editor's lookup tables.
const (
	maxLookupRows    = 500
	maxLookupColumns = 200
	maxLookupDepth   = 6
)

var errLookup = errors.New("invalid lookup table")

// jsonValue is a decoded JSON value that keeps the key order of objects.
type jsonValue struct {
	kind   byte // 'o' object, 'a' array, 's' string, 'n' number, 'z' null, 'b' boolean
	text   string
	keys   []string
	values []jsonValue
}

func decodeOrdered(text string) (jsonValue, error) {
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	v, err := decodeValue(dec, 0)
	if err != nil {
		return v, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return v, errLookup
	}
	return v, nil
}

func decodeValue(dec *json.Decoder, depth int) (jsonValue, error) {
	if depth > maxLookupDepth+2 {
		return jsonValue{}, errLookup
	}
	tok, err := dec.Token()
	if err != nil {
		return jsonValue{}, err
	}
	switch t := tok.(type) {
	case json.Delim:
		v := jsonValue{kind: 'a'}
		if t == '{' {
			v.kind = 'o'
		}
		for dec.More() {
			if v.kind == 'o' {
				k, err := dec.Token()
				if err != nil {
					return v, err
				}
				v.keys = append(v.keys, k.(string))
			}
			item, err := decodeValue(dec, depth+1)
			if err != nil {
				return v, err
			}
			v.values = append(v.values, item)
		}
		_, err := dec.Token() // the closing delimiter
		return v, err
	case string:
		return jsonValue{kind: 's', text: t}, nil
	case json.Number:
		f, err := t.Float64()
		if err != nil || math.IsInf(f, 0) {
			return jsonValue{}, errLookup
		}
		// numbers print as JavaScript's String(n) does for the usual values
		return jsonValue{kind: 'n', text: strconv.FormatFloat(f, 'f', -1, 64)}, nil
	case nil:
		return jsonValue{kind: 'z'}, nil
	default:
		return jsonValue{kind: 'b'}, nil
	}
}

// lookupColumn is a leaf column: its path of headings and a cell per row.
type lookupColumn struct {
	path  []string
	cells []string
}

// lookupTable renders a lookup table as HTML, or fails when scale and data do not form one.
func lookupTable(scaleText, dataText string) (string, error) {
	scale, err := decodeOrdered(scaleText)
	if err != nil {
		return "", errLookup
	}
	data, err := decodeOrdered(dataText)
	if err != nil || data.kind != 'o' {
		return "", errLookup
	}
	label, values := "", scale
	if scale.kind == 'o' {
		values = jsonValue{}
		for i, k := range scale.keys {
			switch k {
			case "label":
				if scale.values[i].kind != 's' {
					return "", errLookup
				}
				label = scale.values[i].text
			case "values":
				values = scale.values[i]
			}
		}
	}
	if values.kind != 'a' || len(values.values) == 0 || len(values.values) > maxLookupRows {
		return "", errLookup
	}
	rows := make([]string, len(values.values))
	for i, v := range values.values {
		if v.kind != 's' && v.kind != 'n' {
			return "", errLookup
		}
		rows[i] = v.text
	}
	var columns []lookupColumn
	depth := 0
	var walk func(node jsonValue, path []string) error
	walk = func(node jsonValue, path []string) error {
		if len(node.keys) == 0 {
			return errLookup
		}
		for i, key := range node.keys {
			here := append(append([]string(nil), path...), key)
			if len(here) > maxLookupDepth {
				return errLookup
			}
			switch value := node.values[i]; value.kind {
			case 'a':
				if len(value.values) > len(rows) || len(columns) >= maxLookupColumns {
					return errLookup
				}
				cells := make([]string, len(rows))
				for j, c := range value.values {
					if c.kind != 's' && c.kind != 'n' && c.kind != 'z' {
						return errLookup
					}
					cells[j] = c.text
				}
				columns = append(columns, lookupColumn{path: here, cells: cells})
				depth = max(depth, len(here))
			case 'o':
				if err := walk(value, here); err != nil {
					return err
				}
			default:
				return errLookup
			}
		}
		return nil
	}
	if err := walk(data, nil); err != nil {
		return "", err
	}

	var b bytes.Buffer
	b.WriteString(`<table class="lookup"><thead>`)
	for level := 0; level < depth; level++ {
		b.WriteString("<tr>")
		if level == 0 {
			fmt.Fprintf(&b, `<th scope="col" rowspan="%d">%s</th>`, depth, html.EscapeString(label))
		}
		for c := 0; c < len(columns); {
			path := columns[c].path
			if len(path) <= level {
				c++ // covered by the row span of a shorter column
				continue
			}
			prefix := strings.Join(path[:level+1], "\x00")
			span := 1
			for c+span < len(columns) && len(columns[c+span].path) > level && strings.Join(columns[c+span].path[:level+1], "\x00") == prefix {
				span++
			}
			rowSpan := 1
			if len(path) == level+1 {
				rowSpan = depth - level
			}
			fmt.Fprintf(&b, `<th scope="col" colspan="%d" rowspan="%d">%s</th>`, span, rowSpan, html.EscapeString(path[level]))
			c += span
		}
		b.WriteString("</tr>")
	}
	b.WriteString("</thead><tbody>")
	for r, row := range rows {
		fmt.Fprintf(&b, `<tr><th scope="row">%s</th>`, html.EscapeString(row))
		for _, col := range columns {
			fmt.Fprintf(&b, "<td>%s</td>", html.EscapeString(col.cells[r]))
		}
		b.WriteString("</tr>")
	}
	b.WriteString("</tbody></table>")
	return b.String(), nil
}
