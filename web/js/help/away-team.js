// How to play Away Team on this table, and the words a newcomer meets there.

export const name = 'Away Team';

export const about = 'A starship captain and up to five officers beam down among alien groups. Each round both sides secretly choose targets — the Away Team also sets each phaser to stun or kill — then the Away Team fires first and the surviving aliens answer.';

export const scenarios = {
  'crystal-spires': 'Recover the envoy: put every raider out of the fight. The peaceful spire folk are watching — kill two and the mission fails. 8 rounds; retreat allowed.',
  'last-stand': 'The shuttle is four rounds out: keep the Captain alive and someone standing until it lands. No retreat.',
  'sleeping-colony': 'Armoured sentries guard the colony; the gentle colonists must not be harmed — a single one killed fails the mission. 10 rounds; retreat allowed.',
};

export const options = {};

export const terms = {
  skill: ['SKILL', 'A shot rolls two dice plus modifiers and hits when the total is under the shooter’s SKILL. Crew outside security (science, medical, engineering) lose 3 in a phaser fight.'],
  hostility: ['Hostility', 'Rises by 1 for every member of a peaceful group the Away Team kills. When it reaches the limit, the mission fails at once.'],
  stun: ['stun', 'A stunned figure is out for the rest of the encounter but alive. Some aliens shrug off stun beams.'],
  kill: ['kill', 'A killed figure is removed. Killing peaceful aliens raises Hostility.'],
  lock: ['Lock', 'Locking makes your orders final for the round. When both sides have locked, the orders are revealed and the fire is resolved.'],
  'd6-method': ['d6 method', 'The automatic Aliens pick a target by rolling a die against the numbered active crew, rolling again on a number nobody has.'],
  peaceful: ['peaceful', 'A peaceful group does not fire until one of its members is stunned or killed; then it fights back.'],
  retreat: ['Retreat', 'The Away Team beams up after the aliens’ covering fire; with the Captain alive the encounter is a draw.'],
};

export const guide = [
  {
    title: 'The aim',
    body: [
      'The encounter’s objective is at the top of the table: put out a group of aliens, every hostile alien, or simply hold out for some rounds. The Away Team loses at once if the Captain is killed, if Hostility reaches its limit, or when every crew member is out; at the last round without the objective met it loses too.',
    ],
  },
  {
    title: 'A round',
    body: [
      '1. Orders, in secret: the Away Team gives every active crew member a target and sets his phaser to stun or kill, or has him hold fire; it may instead retreat where the encounter allows it. The Aliens give a target to every alien that fires this round.',
      '2. Each side locks its orders. Until both have locked, neither sees the other’s orders.',
      '3. The Away Team fires first, in crew order; then every alien still standing answers. Every shot shows its two dice, the modifiers and the SKILL it needed.',
    ],
  },
  {
    title: 'Your choices on this table',
    body: [
      'As the Away Team, each crew member’s row has a target list and the Stun / Kill switch; each change is sent at once and can be changed again until you lock. A new round starts with last round’s orders wherever they are still possible. Lock the orders with the button above the rosters.',
      'As the Aliens, each alien that fires this round has a target list.',
    ],
  },
  {
    title: 'What is hidden',
    body: [
      'Each side’s orders stay its own until both have locked; everyone sees whether the other side has locked. Everything else — every figure, its SKILL and state, Hostility, every die — is public.',
    ],
  },
];
