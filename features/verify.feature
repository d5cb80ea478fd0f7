@REC-2 @REC-3 @REC-7 @REC-9 @AUD-1
Feature: Players and auditors verify real records

  Scenario: A Bridge record verifies, and its tampered twin is caught by the card that changed
    When I verify the record "vectors/records/bridge.json"
    Then the verdict is "verified"
    When I verify the record "vectors/records/bridge.tampered.json"
    Then the verdict is "failed"
    And the report says "deal 2, third seat, card 7: expected Ad, record has 2c"
    And the mismatches are at "/deals/1/2/6, /deals/1/2/6"

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