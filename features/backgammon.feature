@BG-1 @BG-2 @MS2-4
Feature: Backgammon dice come from the draw stream in turn order

  Scenario: A tied opening throw is thrown again
    Given the server seed "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
    And a "backgammon" match "m1" with the client seeds "alice, bob"
    When the match is replayed with the play {"games": [2]}
    Then the seat order is "0, 1"
    And game 1 opens with the throws "6-6, 3-1"
    And seat 0 moves first
    And the later turns of game 1 roll "6-1, 6-6"
    And the next draw of the match is number 9
