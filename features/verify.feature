@REC-2 @REC-3 @REC-7 @REC-9 @AUD-1
Feature: Players and auditors verify real records

  Scenario: A Bridge record verifies, and its tampered twin is caught by the card that changed
    When I verify the record "vectors/records/bridge.json"
    Then the verdict is "verified"
    When I verify the record "vectors/records/bridge.tampered.json"
    Then the verdict is "failed"
    And the report says "deal 2, third seat, card 7: expected Ad, record has 2c"
    And the mismatches are at "/deals/1/2/6, /deals/1/2/6"

  Scenario: A failed hash check says in words what failed, and its two values once, in the detail line
    When I verify the record "vectors/records/chess-bot.tampered.json"
    Then the only failed check is "A's commitment"
    And the summary of "A's commitment" is "SHA-256 of A's revealed seed is not A's commitment"
    And the report says "A's commitment: expected 16b8234ed87e2faa4d204bea3f93608da92813850ffa942576d150bbf9a94414, record has d87d7b1723a2507c16e6e6a7ab18df3943aaa8bc9d965df77bf63261fce2acc5"
    When I verify the record "vectors/records/poker-session-no-commitment.tampered.json"
    Then the summary of "hand 1 root" is "the revealed deck, with its salts, does not hash to the root published before the deal"

  @READ-3
  Scenario: A poker hand is counted from 1 with the record's number beside it, and a number no session holds is said as written
    When I verify the record "vectors/records/poker-session-from-0.json"
    Then the summary of "hand numbers" is "numbered 0 to 2 in the record, none missing or repeated"
    When I verify the record "vectors/records/reading-first-hand-undeclared.json"
    Then the summary of "hand 1 (number 0 in the record) commitment" is "SHA-256 of the hand value derived from the seed equals the commitment stored before the deal"
    And the report says "hand 1 of the record's list: expected 1, record has 0"
    When I verify the record "vectors/records/poker-leave-from-0.tampered.json"
    Then the only failed check is "hand numbered 500 in the record"
    And the report says "hand 1 of the record's list: expected 0 to 499, record has 500"

  Scenario: The self-hosted hand says what its check proves and what it does not
    When I verify the record "vectors/records/selfpoker.json"
    Then the verdict is "verified"
    And the report says "does not prove the seed was drawn at random"

  Scenario: An auditor checks an archive with a broken line and tampered hands
    Given an archive of 1000 "selfpoker" records where every 100th is tampered
    And line 7 of the archive is cut short
    When the archive is audited
    Then 989 records are "verified"
    And 10 records are "failed"
    And 1 record is "unreadable"
    And the first problem is reported at "line 7"

  @AUD-2
  Scenario: An archive audited as seven independent shards merges into the single run's summary
    Given an archive of 1000 "bridge" records where every 90th is tampered
    And line 500 of the archive is cut short
    When the archive is audited as 7 shards and the summaries merged
    Then the merged summary is the single run's
    And 11 records are "failed"
    And 1 record is "unreadable"

  @AUD-2
  Scenario: A merge refuses what is not one run's partition of one archive, and a summary edited by hand
    Given an archive of 100 "selfpoker" records where every 30th is tampered
    When the archive is audited as 2 shard jobs
    Then merging the shards gives 100 records
    And two runs of shard 2 give the same digest
    And merge refuses the shards when shard 2's total is raised by 1000000, saying "does not match its members" and, with the digest made again, "expected each line a record or blank"
    And merge refuses the shards when shard 1 is copied as shard 2, saying "does not match its members" and, with the digest made again, "starts at 0, expected"
    And merge refuses the shards when shard 2 comes from another archive of the same name and size, saying "is not a part of the same archive" and, with the digest made again, "is not a part of the same archive"
    And merge refuses the shards when shard 2 lists a problem on line 1, saying "does not match its members" and, with the digest made again, "problem 1 is at line 1; expected a line of the shard"
    And merge refuses the shards when shard 2 counts -3 records unreadable and 3 unspecified, saying "must be >= 1 but found -3" and, with the digest made again, "must be >= 1 but found -3"
    And merge refuses the shards when shard 2 names another release, saying "does not match its members" and, with the digest made again, "expected one release"
    And only the archive read again refuses the shards when shard 2 of the other archive claims this archive's SHA-256, saying "read again gives SHA-256"
    And only the archive read again refuses the shards when the boundary between them is moved by 1000 bytes, saying "read again gives range"
    And only a re-run of the shard refuses the shards when shard 1's failures are turned into verified, saying "gives byStatus"