# The deck is NumPy's: numpy.random.default_rng(1234567890123456789).permutation(52)
# starts 20, 27, 29, 16, 43, 14, 44, 13, 12 when NumPy itself computes it.
@SP-1 @SP-2 @SP-3 @SP-4 @CARD-4 @NP-1 @NP-2 @NP-3 @NP-4 @NP-5
Feature: The self-hosted poker room's hand is rebuilt card for card

  Scenario: The example seed of the page, two players
    Given the selfpoker seed "1234567890123456789"
    Then its commitment is "449ccdb936a066bd7169c36b008299156bd923a42d7ab0ab21fc29e852225152"
    When it is dealt to 2 players
    Then the deck starts "20, 27, 29, 16, 43, 14, 44, 13, 12"
    And player 1 holds "7c 8s"
    And player 2 holds "9d 6c"
    And the board is "Qs 5h Kc 5d 5c"

  Scenario Outline: NumPy's known answers
    Given the selfpoker seed "<seed>"
    When it is dealt to 2 players
    Then the deck starts "<start>"

    Examples:
      | seed | start                  |
      | 42   | 27, 7, 47, 38, 51, 17  |
      | 0    | 38, 11, 18, 10, 23     |

  Scenario: The seed must be canonical decimal below 2^63
    Given the selfpoker seed "9223372036854775808"
    When it is dealt to 2 players
    Then the request is refused with "out_of_range"
