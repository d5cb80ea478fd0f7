@SEAT-1 @MS2-4 @MS2-5
Feature: In checkers and xiangqi the seed decides only who moves first

  Scenario: Seat 0 moves first and nothing else is drawn
    Given the server seed "4a2d6d94e398d01c1e9e6cce93093e673496d19912d0f36d1694970435f5e6fb"
    And a "checkers" match "park-3" with the client seeds "ana, ben"
    When the match is replayed with the play {}
    Then the seat order is "0, 1"
    And the next draw of the match is number 1

  Scenario: A game the page does not list is refused
    Given the server seed "4a2d6d94e398d01c1e9e6cce93093e673496d19912d0f36d1694970435f5e6fb"
    And a "dama" match "park-3" with the client seeds "ana, ben"
    When the match is replayed with the play {}
    Then the request is refused with "unknown_game"
