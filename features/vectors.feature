@VEC-1 @VEC-2 @VEC-3
Feature: The committed vectors are valid, reproducible and reproduced

  Scenario: Every vector file is valid against the schema it names
    Given the vector files in "vectors"
    Then every file validates against its schema
    And every case id is unique within its file
    And every flag used has a note

  Scenario: The vectors are exactly what the reference generates
    Given the vector files in "vectors"
    Then regenerating them changes no byte

  Scenario: The reference reproduces every case, accumulated digests included
    Given the vector files in "vectors"
    When every case is run through the reference
    Then every case passes
