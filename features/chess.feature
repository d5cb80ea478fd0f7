@CC-1 @CC-2 @CC-3 @CC-4
Feature: Chess colours come from both players' seeds

  Scenario: Two players
    Given player A with the seed "8176a947706874ea00847794f480fcc69d40cfb725a7f99d6004759396514d4e" and the client seed "anna"
    And player B with the seed "202e19d5cd4193476f33ac2f4ad3f294a506abfc35b836907dada2f82e2ebc31" and the client seed "boris"
    When the colours are drawn
    Then A's commitment is "c0a5dedc23247280985ca8ed753e256b40dbe7c58ce823c329fd54d83b7734c7"
    And B's commitment is "88aa4b9e385a408ddec80564a54cb18fb0ba8db26444a7aa096935d9c6bdecd9"
    And "A" plays White

  Scenario: Against a bot, which brings no seed
    Given player A with the seed "8176a947706874ea00847794f480fcc69d40cfb725a7f99d6004759396514d4e" and the client seed "anna"
    And player B is a bot
    When the colours are drawn
    Then B's commitment is "-"
    And "A" plays White

  Scenario: Both sides committed to the same seed
    Given player A with the seed "8176a947706874ea00847794f480fcc69d40cfb725a7f99d6004759396514d4e" and the client seed "anna"
    And player B with the seed "8176a947706874ea00847794f480fcc69d40cfb725a7f99d6004759396514d4e" and the client seed "boris"
    When the colours are drawn
    Then the request is refused with "equal_commitments"
