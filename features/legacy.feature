@REG-1 @REG-2
Feature: The legacy scheme is never guessed

  Scenario Outline: match_seed_v1 gets the same distinct answer for every op
    When a "match_seed_v1" request for the op "<op>" is evaluated
    Then the request is refused with "scheme_unspecified"

    Examples:
      | op     |
      | draws  |
      | match  |
      | commit |
      | verify |

  Scenario: An unknown scheme is a different answer
    When a "match_seed_v9" request for the op "draws" is evaluated
    Then the request is refused with "unknown_scheme"
