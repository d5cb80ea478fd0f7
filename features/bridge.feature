# Expected hands were computed with the spec's own Python code (spec/pfkit.md),
# independently of the Go reference that runs these scenarios.
@MS2-1 @MS2-2 @MS2-3 @MS2-4 @DEAL-1 @CARD-1 @COMMIT-1
Feature: A Bridge deal can be replayed by anyone once the seed is revealed

  Background:
    Given the server seed "39508eb72e71b4cab89ec527d255693c767cbcb8a835f2b2b36738d5f5bbb7ca"
    And a "bridge" match "club-night-7" with the client seeds "north, east, south, west"

  Scenario: The commitment shown before the deal matches the revealed seed
    Then the commitment of the server seed is "b64c82211210ddb9750f65bc7f9824d864d2d5c298b64434b33675b9d9562b02"

  Scenario: Seats are drawn first, then the deck, on one counter
    When the match is replayed with the play {"deals": 1}
    Then the seat order is "0, 3, 2, 1"
    And deal 1 gives the seats these cards:
      | seat | cards                                    |
      | 0    | 3d 8d 8c 6c 7d Tc 4s Th Ts Jh Kh 6d Qd   |
      | 1    | 2h Ks 4h 7c 5h As 3c Js Kd Qs Ad Ah 3h   |
      | 2    | Qh 2s 6h 8s 4d Kc 5s Td 7s 2c 9s 3s 9c   |
      | 3    | 5d 2d 9h Qc 5c 7h 4c 6s Jd Ac 9d Jc 8h   |
    And every deal uses each of the 52 cards exactly once
    And the next draw of the match is number 54

  Scenario: A different client seed gives a different deal
    Given a "bridge" match "club-night-7" with the client seeds "north, east, south, west2"
    When the match is replayed with the play {"deals": 1}
    Then deal 1 differs from the deal with client seeds "north, east, south, west"
