package sudoku

import "testing"

func TestRepeat(t *testing.T) {
	tests := []struct {
		name          string
		cells         []int
		values        []uint8
		first, second int
		ok            bool
	}{
		{"none", []int{0, 1, 2, 3}, []uint8{1, 2, 3, 4}, 0, 0, false},
		{"empty cells never repeat", []int{0, 1, 2, 3}, []uint8{0, 0, 3, 0}, 0, 0, false},
		{"first repeat in listed order", []int{3, 0, 2, 1}, []uint8{2, 5, 5, 2}, 3, 0, true},
		{"the cells listed only", []int{0, 2}, []uint8{4, 4, 7}, 0, 0, false},
		{"out of range ignored", []int{0, 1, 2}, []uint8{26, 26, 1}, 0, 0, false},
		{"the largest symbol", []int{5, 9}, []uint8{0, 0, 0, 0, 0, 25, 0, 0, 0, 25}, 5, 9, true},
	}
	for _, tt := range tests {
		a, b, ok := Repeat(tt.cells, tt.values)
		if a != tt.first || b != tt.second || ok != tt.ok {
			t.Errorf("%s: Repeat = %d, %d, %v; want %d, %d, %v", tt.name, a, b, ok, tt.first, tt.second, tt.ok)
		}
	}
	// int8 values (killer givens), negative ones never count.
	if _, _, ok := Repeat([]int{0, 1}, []int8{-1, -1}); ok {
		t.Error("Repeat counted a negative value")
	}
	if a, b, ok := Repeat([]int{1, 0}, []int8{9, 9}); !ok || a != 1 || b != 0 {
		t.Errorf("Repeat(int8) = %d, %d, %v; want 1, 0, true", a, b, ok)
	}
}
