package sudoku

import (
	"strings"
	"testing"
)

func TestParseShape(t *testing.T) {
	tests := []struct {
		in      string
		want    Shape
		wantErr string
	}{
		{"2x2", Shape4, ""},
		{"2x3", Shape6, ""},
		{" 2X3 ", Shape6, ""},
		{"2x4", Shape8, ""},
		{"3x3", Shape9, ""},
		{"3x4", Shape12, ""},
		{"4x4", Shape16, ""},
		{"5x5", Shape25, ""},
		// Boxes are rows x columns: a transposed shape is a different grid
		// and must be refused, not silently swapped.
		{"3x2", Shape{}, `box "3x2": unsupported; boxes are rows x columns and 6x6 grids use 2x3 boxes (transpose a 3x2-box grid to use it)`},
		{"4x2", Shape{}, `box "4x2": unsupported; boxes are rows x columns and 8x8 grids use 2x4 boxes`},
		{"4x3", Shape{}, `box "4x3": unsupported; boxes are rows x columns and 12x12 grids use 3x4 boxes`},
		{"2x5", Shape{}, "expected one of 2x2, 2x3"},
		{"3", Shape{}, "expected RxC"},
		{"0x3", Shape{}, "positive whole numbers"},
	}
	for _, tc := range tests {
		got, err := ParseShape(tc.in)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("ParseShape(%q) = %v, %v; want error containing %q", tc.in, got, err, tc.wantErr)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ParseShape(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}

// TestShapeNames: the shapes messages list, in Shapes' order.
func TestShapeNames(t *testing.T) {
	if got, want := ShapeNames(), "2x2, 2x3, 2x4, 3x3, 3x4, 4x4, 5x5"; got != want {
		t.Errorf("ShapeNames() = %q, want %q", got, want)
	}
}
