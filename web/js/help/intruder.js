// How to play Intruder on this table, and the words a newcomer meets there.

export const name = 'Intruder';

export const about = 'The crew of Deep Space Station Prometheus hunts a shapeshifting alien hidden among face-down counters. It grows, gains unknown powers and kills; the crew searches, builds weapons, cages and freezes — and can blow up the station and flee.';

export const scenarios = {
  solitaire: 'The classic game: you command the whole crew against the automatic Intruder, whose moves and attacks are decided by dice.',
  intelligent: 'A second player takes the Intruder: it sees every counter, plans the movement of its counters and chooses its attacks.',
  'science-officer': 'Two crew seats: the Science seat (S1–S3) wants the Intruder captured alive, the Command seat (C1–C3, E1–E3) wants it dead. Each scores on its own.',
  'science-officer-intelligent': 'The two crew seats of The Science Officer against an Intruder player.',
  return: 'Return to Prometheus: the Intruder is fully grown with all its powers known; three armed teams dock at the airlocks and hunt it.',
  'return-teams': 'Return to Prometheus with three players, one per team, sharing the score.',
  'return-intelligent': 'Return to Prometheus against an Intruder player.',
};

export const options = {
  'turn-limit': {
    name: 'Turn limit',
    help: 'The game ends and is scored after this turn (0: no limit).',
  },
  'lost-crewmen': {
    name: 'Lost crewmen',
    help: 'In a panic one crewman may get lost among the face-down counters until he is found. Not with an Intruder player.',
    choices: { false: 'No', true: 'Yes' },
  },
  marines: {
    name: 'Marines',
    help: 'Return to Prometheus only: Command Officers and Engineers always have every weapon and may fight Lab Animals.',
    choices: { false: 'No', true: 'Yes' },
  },
};

export const terms = {
  mp: ['MP', 'Movement points: each crewman has 3 in the Crew Movement Phase. A step costs 1, into an Access Shaft 2; picking up costs 1.'],
  stage: ['Intruder stage', 'The Intruders grow through six life stages: each brings a power more and changes the chances of the chart below.'],
  'unknown-powers': ['unknown powers', 'The Intruders have stage + 1 powers. An unknown one is rolled only when the crew meets an Intruder or opens an airlock on one.'],
  'face-down': ['face-down counter', 'A counter that may be the Intruder, a Lab Animal or a Dummy. It is turned face up when a crewman shares its compartment at an interaction.'],
  score: ['Score', '−5 for each dead crewman, +7 for each Intruder killed, +15 for each Intruder captured (frozen or trapped for good). Above 0 the crew wins, below it loses, 0 is a draw.'],
  'self-destruct': ['Self-destruct', 'Started by a Command Officer in the Command Module: the marker counts down each turn; it can be stopped until box 5, Shuttles may leave from box 4, and at 0 the station explodes.'],
  'not-used': ['Not Used', 'Counters put aside at the start, unseen. A Science Officer’s inventory turns one face up.'],
};

export const guide = [
  {
    title: 'The aim',
    body: [
      'The game is scored at its end: −5 for each dead crewman, +7 for each Intruder killed, +15 for each Intruder captured (frozen, or caged for good). A positive score is a crew win, a negative one a loss, zero a draw. It ends when every Intruder is dealt with, when the crew is dead or gone, at the turn limit, or when the station explodes.',
    ],
  },
  {
    title: 'A turn',
    body: [
      '1. The counters move: each face-down counter, the Intruders and loose Lab Animals roll a die and move (an Intruder player plans these moves instead).',
      '2. First Interaction: wherever a crewman shares a compartment with a counter, the counters there turn face up; an Intruder may attack, then the crewmen there act.',
      '3. Crew Movement: every crewman has 3 MP to move, pick up and drop objects, unlock secured rooms, build weapons.',
      '4. Metamorphosis: a die decides whether the Intruders grow a stage.',
      '5. Second Interaction, as in 2, then a general action step for every crewman who has not acted.',
      '6. Self-destruct: if it is running, its marker moves on.',
      'When a crewman or an Intruder dies, the crew may panic: everyone runs to the Command Module and every hidden counter is shuffled again.',
    ],
  },
  {
    title: 'Your actions on this table',
    body: [
      'Click (or tap) a crewman on the map or in the Crew roster to select him. The compartments he may move to are outlined in green: click one to move him. His other actions — pick up, drop, attack, defend, catch, cage, start the self-destruct — and the crew’s End the movement / End the actions are buttons beside the map. Under them, Just now tells what the last move brought, with its dice.',
      'On a small screen the map is zoomed so its crewmen can be tapped; drag to pan, and use −, + and Fit above it. Tab reaches every crewman and outlined compartment from the keyboard.',
      'Starting the self-destruct asks you first.',
    ],
  },
  {
    title: 'What is hidden',
    body: [
      'Face-down counters are named only by an id that changes at every shuffle, so nobody can follow one. Unknown powers are not decided until they are met. An Intruder player sees what every counter is; in The Science Officer each crew seat’s orders stay its own until both are ready.',
    ],
  },
];
