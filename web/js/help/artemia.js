// How to play Artemia on this table, and the words a newcomer meets there.

export const name = 'Artemia';

/** The lobby's line about the game. */
export const about = 'One Creature hunts 1 to 6 Hunted stranded on a hostile planet. Each turn the Hunted secretly pick a place to explore; the Creature guesses where they went and puts its tokens there.';

/** The built-in scenarios (Artemia has none: the number of Hunted and the board side make the match). */
export const scenarios = {};

/** The lobby's options in words. */
export const options = {
  'board-side': {
    name: 'Board side',
    help: 'Which Rescue distances are A-spaces, where the Creature may put the Artemia token out without a card: side 1 has 1–6, side 2 has 1, 3, 5, 7, 9 and 11.',
    choices: { 1: 'Side 1 (A-spaces 1–6)', 2: 'Side 2 (A-spaces 1, 3, 5, 7, 9, 11)' },
  },
};

/** Terms the table explains where they appear. */
export const terms = {
  'a-symbol': ['A', 'An A-symbol Hunt card lets the Creature put the Artemia token out this turn.'],
  't-symbol': ['T', 'A T-symbol Hunt card uses the Target token.'],
  'a-space': ['A-space', 'While Rescue stands on an A-space, the Creature may put the Artemia token out without playing a card.'],
  rescue: ['Rescue', 'The Hunted win when Rescue reaches the star (0). It advances one space at every end of turn, and by The Beach, The Wreck and Amplifier.'],
  assimilation: ['Assimilation', 'The Creature wins when Assimilation reaches the star (0). It advances when the Creature token catches someone, and when a Hunted gives up or is exhausted.'],
  will: ['Will', 'Each Hunted has 3 Will. Caught by the Creature token he loses 1 (more on The Lair or with Fierceness); at 0 he is exhausted: Will back to 3, discards back to hand, and Assimilation advances.'],
  'give-up': ['Give up', 'Will back to 3 and all your discarded Place cards back to hand, but Assimilation advances 1. At most once a turn.'],
  resist: ['Resist', 'Lose 1 Will to take 2 Place cards of your choice back from your discard.'],
  'creature-token': ['Creature token', 'Catches every Hunted on its place: each loses Will and gets no place power, and Assimilation advances.'],
  'artemia-token': ['Artemia token', 'Only out after an A-symbol card or on an A-space. A Hunted on its place discards a Place card from hand and gets no place power.'],
  'target-token': ['Target token', 'Comes with the T-symbol cards: each says what it does to the Hunted on its place.'],
  beacon: ['Beacon', 'The Beach puts the Beacon on; the next Beach (or Amplifier) takes it off and Rescue advances 1.'],
};

/** The "How to play" guide, section by section. */
export const guide = [
  {
    title: 'The aim',
    body: [
      'The Hunted win when the Rescue counter reaches the star; the Creature wins when the Assimilation counter does. Both counters are on the track at the top of the table, with their distance to the star.',
    ],
  },
  {
    title: 'A turn, phase by phase',
    body: [
      '1. Exploration: the Creature may play a phase-1 Hunt card. Then every Hunted, at the same time, chooses one Place card from his hand and commits it face down: that is where he goes. Click a card in your hand (or its button) to commit it. Before committing he may play a Survival card, Resist or Give up.',
      '2. Hunting: the Creature may play a Hunt card, then puts its Creature token on a place (click it), and the Artemia and Target tokens when a card allows them.',
      '3. Reckoning: the cards are revealed. Every Hunted not caught by a token uses his place’s power or takes a card back from his discard. A Hunted caught by the Creature token loses Will, and Assimilation advances.',
      '4. End of turn: last cards are played, tokens come off, the Creature draws up to 3 Hunt cards and Rescue advances 1.',
    ],
  },
  {
    title: 'Your choices on this table',
    body: [
      'Everything you may do now is highlighted: places you can click are outlined in green, playable cards in your hand are outlined, and every choice is also a button in the green panel under the map. The panel offers exactly what the rules allow you at this moment.',
      'A card played from your hand, a token placed and a commit are final: the server keeps every move. Giving up asks you first.',
    ],
  },
  {
    title: 'What is hidden',
    body: [
      'Your hand and the card you committed are yours alone until the reveal; another Hunted sees only how many cards you hold and that you have committed. The Creature’s Hunt cards are its secret. Table talk is open: the Creature reads every word.',
    ],
  },
];
