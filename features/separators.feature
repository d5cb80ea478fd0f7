@ID-1 @MS2-2 @PK-3
Feature: A client seed cannot smuggle in another seat list

  Scenario: The forged seed would produce the very same message, so it is refused
    Given a "bridge" match "m1" with one player whose client seed is "a,1=b"
    Then its draw message would read "pf2:bridge:m1:0=a,1=b:0"
    And that is also the message of the client seeds "a, b"
    And replaying a match with that client seed is refused with "invalid_identifier"

  Scenario Outline: Every separator and look-alike is refused
    Given the server seed "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
    And a "bridge" match "m1" with the client seeds "<seed>, bob"
    When the match is replayed with the play {"deals": 1}
    Then the request is refused with "invalid_identifier"

    Examples:
      | seed      |
      | al:ice    |
      | al=ice    |
      | al ice    |
      | аlice     |
