// How to play Derelict on this table, and the words a newcomer meets there.

export const name = 'Derelict';

export const about = 'Marines against Aliens in the corridors of a wrecked ship. The marines must lead enough men out through the exit before the clock, the aliens and the turn limit stop them; everything on the board is in plain sight.';

export const scenarios = {
  'chapel-crossing': 'A start room in the north-west, the exit in the south-east, alien entries in the far corners. 5 marines, 3 must escape; 16 aliens in the pool; 15 turns.',
  'corridor-run': 'One long corridor from west to east, with side passages that feed the aliens all the way. 6 marines, 3 must escape; 24 aliens; 20 turns.',
  'hive-junction': 'A crossroads with hive entries at three ends and the lift out at the fourth. 8 marines, 4 must escape; an endless alien pool; overwatch sees 8 squares.',
  'sealed-wards': 'Wards behind closed doors on both sides of a spine; the way out is through the last ward in the north-east. 4 marines, 2 must escape; 12 aliens.',
};

export const options = {};

export const terms = {
  ap: ['AP', 'Action points: a marine has 4 each turn, an alien 6. Stepping, turning, shooting and doors cost AP. A model’s AP left unspent when another model acts are lost.'],
  pool: ['Alien pool', 'How many aliens are still to come on as reinforcements; when it is empty no more arrive. Unlimited on some maps.'],
  overwatch: ['Overwatch', 'A marine on overwatch shoots (needing a 6) at every alien that acts in his fire arc during the alien turn. A double jams the bolter.'],
  jammed: ['Jammed', 'The bolter jammed on overwatch: it cannot fire until the marine spends 1 AP to unjam it.'],
  'fire-arc': ['Fire arc', 'What the selected marine can see: the squares ahead of him in his line of sight, walls, closed doors and models blocking.'],
  clock: ['Marine clock', 'The marine turn runs against the clock; when it runs out the turn ends at once and unspent AP are lost.'],
  escaped: ['Escaped', 'Marines who stepped onto an exit square. The marines win when enough have escaped.'],
  entry: ['Entry square', 'Where alien reinforcements come onto the board.'],
};

export const guide = [
  {
    title: 'The aim',
    body: [
      'The marines win as soon as the number of escaped marines reaches the number the map needs. The aliens win when that can no longer happen, or when the turn limit is reached.',
    ],
  },
  {
    title: 'The turn',
    body: [
      'Deployment first: the marines put every marine on a start square (M) with a facing and confirm; then the aliens face the aliens already aboard and confirm.',
      'Then each turn is a marine turn, against the marine clock, and an alien turn, which begins by placing the reinforcements on entry squares (E). In his turn a player acts with one model at a time: the model becomes active with its first action, and acting with another model finishes it for the turn — its AP left are lost. End the turn when you are done.',
    ],
  },
  {
    title: 'Your actions on this table',
    body: [
      'Click (or tap) one of your models to select it. The squares it may step to are outlined in green, the aliens it may shoot in red, the squares a flamer may flame in orange after “Aim the flamer”; a click sends that move. Its other actions — turns, doors, overwatch, unjam, reload, attack — are buttons beside the board, with End turn.',
      'With a keyboard: W/↑ step forward, A/← and D/→ step diagonally forward, S/↓ step back, Z/C step sideways (aliens), Q/E turn, F fire, O overwatch, G door, U unjam, R reload, X attack, N next model, Enter end the turn. A key that can do nothing says why under the board. Tab reaches every outlined square too.',
      'On a small screen the board is zoomed so that squares can be tapped; drag to pan, and use −, + and Fit above it.',
      'Ending the turn while models still have AP, and switching to another model while the active one has AP left, ask you first.',
    ],
  },
  {
    title: 'Shooting, overwatch and melee',
    body: [
      'A storm bolter shot rolls two dice and kills if either die reaches the kill number: 6 for the first shot at a target, then 5, 4 and 3 while the marine keeps firing at it without doing anything else. The heavy flamer burns the target square and its neighbours: every model there, marines too, dies on 2 to 6.',
      'Aliens fight in melee: the alien rolls three dice and keeps the best, the marine rolls one; the higher wins. A marine who wins when struck from the side or from behind only turns to face the alien.',
    ],
  },
  {
    title: 'What is hidden',
    body: ['Nothing: both players and spectators see the whole board, every die and the marine clock.'],
  },
];
