@PK-11 @PK-2 @PK-6 @PK-8 @COMMIT-1
Feature: The session reveal is checked against everything published before the deals

  Background:
    Given poker table "table-2" in session "s-7" committed to "d587385e5e0964ef64f368cee8c0123b7572a261b2a1e550035d9ad419d6b9ef"
    And before each deal the table published:
      | hand | seats          | handCommitment                                                   | root                                                             |
      | 1    | 0=alice, 5=bob | b3b4846994c4ad57bbc007a398a9830918d961f5f996a26177df53f2565afefb | 9a2aca6b57c21e9ee344434cbbdf743fdf7f9c6ea1bd01b9f8d9ef2fa4de316f |
      | 2    | 0=alice, 5=bob | 6f86f8bc8ac59751bfc089b9c5fb07446b36e215c77d8c464ed23cb0e0c1e4d1 | a320b8379a4dfa17cf481f245d0a1021ab29eab728b37cfb11fde96e498ba4e8 |
      | 3    | 0=alice, 5=bob | 057b4ea6e169f34f154c4b11c53280652346cc0e1108933f292b04c16cfb5f71 | 71551908e9257dde014b1fe34208b08af0023843e6765ebceef0906816701816 |

  Scenario: An honest reveal passes every check
    When the session rotates and the table reveals the seed "b096e6949f32b6be8b9afa9d68b688d91f29c11a6c6b896ca87b1244ef370267"
    Then the reveal matches the session commitment
    And hands 1 to 3 match their commitments and roots

  Scenario: A different seed is caught by the session commitment
    When the session rotates and the table reveals the seed "a715073c4aede5f1e06558549e59e816a441c5f7ab44b1ec5d69278fa82831f4"
    Then the reveal does not match the session commitment
    And hand 2 does not match its commitment

  Scenario: A reveal listing hand 2 with two cards swapped is caught by its root
    When the session rotates and the table reveals the seed "b096e6949f32b6be8b9afa9d68b688d91f29c11a6c6b896ca87b1244ef370267"
    But the revealed deck of hand 2 has positions 0 and 1 swapped
    Then hand 2 does not match its root
    And hands 1 and 3 still match their commitments and roots
