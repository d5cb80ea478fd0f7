package record

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/pfkit/pfkit/v2/go/internal/strictjson"
)

// fromTree fills dst (a pointer) from a parsed, schema-valid value, following
// the json tags of dst's struct types. It reads the tree the record was already
// parsed into, instead of parsing the bytes a second time.
func fromTree(v any, dst any) error {
	return assign(v, reflect.ValueOf(dst).Elem())
}

var (
	numberType  = reflect.TypeOf(json.Number(""))
	stringsType = reflect.TypeOf([]string(nil))
	// fieldNames caches each struct type's json names by field: reading the
	// tags again for every record cost more than the rest of the decoding.
	fieldNames sync.Map // reflect.Type -> []string
)

func jsonNames(t reflect.Type) []string {
	if v, ok := fieldNames.Load(t); ok {
		return v.([]string)
	}
	names := make([]string, t.NumField())
	for i := range names {
		names[i], _, _ = strings.Cut(t.Field(i).Tag.Get("json"), ",")
	}
	fieldNames.Store(t, names)
	return names
}

func assign(v any, dst reflect.Value) error {
	if dst.Type() == numberType {
		switch x := v.(type) {
		case json.Number:
			dst.SetString(string(x))
		case string:
			dst.SetString(x)
		default:
			return fmt.Errorf("expected a number, found %s", strictjson.TypeName(v))
		}
		return nil
	}
	switch dst.Kind() {
	case reflect.Interface:
		if v != nil {
			dst.Set(reflect.ValueOf(v))
		}
		return nil
	case reflect.Pointer:
		if v == nil {
			dst.SetZero()
			return nil
		}
		p := reflect.New(dst.Type().Elem())
		if err := assign(v, p.Elem()); err != nil {
			return err
		}
		dst.Set(p)
		return nil
	case reflect.String:
		s, ok := v.(string)
		if !ok {
			return fmt.Errorf("expected a string, found %s", strictjson.TypeName(v))
		}
		dst.SetString(s)
		return nil
	case reflect.Int:
		n, ok := v.(json.Number)
		if !ok {
			return fmt.Errorf("expected an integer, found %s", strictjson.TypeName(v))
		}
		i, err := strconv.ParseInt(string(n), 10, 64)
		if err != nil {
			return err
		}
		dst.SetInt(i)
		return nil
	case reflect.Slice, reflect.Array:
		a, ok := v.([]any)
		if !ok {
			return fmt.Errorf("expected an array, found %s", strictjson.TypeName(v))
		}
		if dst.Type() == stringsType {
			// The lists of card and tile names: most of what a record holds.
			out := make([]string, len(a))
			for i, e := range a {
				s, ok := e.(string)
				if !ok {
					return fmt.Errorf("expected a string, found %s", strictjson.TypeName(e))
				}
				out[i] = s
			}
			dst.Set(reflect.ValueOf(out))
			return nil
		}
		if dst.Kind() == reflect.Slice {
			dst.Set(reflect.MakeSlice(dst.Type(), len(a), len(a)))
		} else if len(a) > dst.Len() {
			return fmt.Errorf("expected at most %d elements, found %d", dst.Len(), len(a))
		}
		for i, e := range a {
			if err := assign(e, dst.Index(i)); err != nil {
				return err
			}
		}
		return nil
	case reflect.Struct:
		o, ok := v.(strictjson.Object)
		if !ok {
			return fmt.Errorf("expected an object, found %s", strictjson.TypeName(v))
		}
		for i, name := range jsonNames(dst.Type()) {
			if fv, ok := o[name]; ok {
				if err := assign(fv, dst.Field(i)); err != nil {
					return fmt.Errorf("%s: %w", name, err)
				}
			}
		}
		return nil
	}
	return fmt.Errorf("cannot fill a %s", dst.Type())
}
