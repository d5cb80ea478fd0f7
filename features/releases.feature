Feature: Releases carry one version, keep their answers, and describe themselves

  @VER-1
  Scenario: The release version is written once and agreed everywhere
    Given the release version in "VERSION"
    Then the specification's version line names its major and minor numbers
    And "python/pyproject.toml" says so in the line matching `^version = "([^"]*)"$`
    And "python/src/pfkit/version.py" says so in the line matching `^__version__ = "([^"]*)"$`
    And "node/package.json" says so in the line matching `^  "version": "([^"]*)",$`
    And "node/verifier.js" says so in the line matching `^  const VERSION = '([^']*)';$`

  @VER-2 @VER-3
  Scenario: No case or record released under the current major version answers differently
    Given the release version in "VERSION"
    And the manifests of the releases in "spec/releases"
    Then every case and record they list under the current major version has the digest it was released with

  @VER-4
  Scenario: The manifest counts and digests what the reference reads
    When the manifest of this checkout is written by "tools/release/dist.py"
    Then it counts the cases of every scheme and op
    And its digest of every case and record is the one the reference computes
