// Package bdd runs the Gherkin scenarios in features/ with godog, from go test.
// The scenarios are the kit's behaviour in words a non-programmer can read; their
// tags name the spec requirements they cover.
package bdd
