# Values computed with the spec's own Python code, independently of the Go
# reference that runs these scenarios.
@PK-1 @PK-2 @PK-3 @PK-4 @PK-5 @PK-6 @PK-7 @PK-10
Feature: A poker player leaving the table checks their cards against the commitment

  Background:
    Given poker table "table-1" in session "s-1" with the server seed "562092369b485bbcfbfa2c017d5683434b0ee423186faca53c69769c91a0e5f6"
    And hand 1 is dealt to the seats "0=alice, 1=bob, 4=carol"

  Scenario: What the table publishes before the deal
    Then the hand commitment is "325925a7e811b5b565f63076778e645a8fac4fb4dda251a7be08d4c4bc67429e"
    And the deck root is "853298c8015b5a138bf638d76af59f64a93d6b3193e71c2eea1321604e235ec7"

  Scenario: Bob leaves and checks his cards and the board
    When "bob" leaves the table
    Then "bob" receives the cards "Ks 9d" at positions "2, 3"
    And the board "7c 7d 7s Jh 6h" at positions "6, 7, 8, 9, 10"
    And every proof "bob" received verifies against the published root

  Scenario: A forged proof does not verify
    When "bob" leaves the table
    Then his proof for position 2 with another card does not verify
    And his proof for position 2 presented for position 3 does not verify
    And his proof for position 2 checked against another hand's root does not verify
