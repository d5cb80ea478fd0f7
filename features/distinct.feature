@DIST-1 @REC-3 @REC-4 @REC-7
Feature: A record shows each card of a deck once

  A deck holds each card once and the mahjong wall four tiles of each kind, so
  a record that shows more has not been dealt from one deck, whatever else
  holds.

  Scenario: Honest records show every card once
    When I verify the record "vectors/records/bridge.json"
    Then the verdict is "verified"
    And the report says "no card appears twice in one deck"
    When I verify the record "vectors/records/mahjong.json"
    Then the verdict is "verified"
    And the report says "no more than the four tiles of a kind from one wall"

  Scenario: A leave bundle on a tree the site built itself, over a deck that holds one card three times
    When I verify the record "vectors/records/poker-leave.duplicate.json"
    Then the verdict is "failed"
    And the only failed check is "distinct cards"
    And the report says "hand 1, own card 2: expected a card not dealt before, record has 8h, already dealt (hand 1, own card 1)"
    And the report says "hand 1, board card 1: expected a card not dealt before, record has 8h, already dealt (hand 1, own card 1)"
    And the mismatches are at "/hands/0/cards/1/card, /hands/0/board/0/card"

  Scenario: A self-hosted hand whose board repeats a player's card
    When I verify the record "vectors/records/selfpoker.duplicate.json"
    Then the verdict is "failed"
    And the report says "1 card appears twice in the same deck"
    And the mismatches are at "/board/0, /board/0"

  Scenario: A mahjong hand that shows a fifth tile of a kind
    When I verify the record "vectors/records/mahjong.duplicate.json"
    Then the verdict is "failed"
    And the report says "hand 1, draw 17 after the deal: expected at most four tiles of a kind, record has 8m, tile 5 of its kind"
    And the mismatches are at "/hands/0/draws/16, /hands/0/draws/16"
