/** Words of the demo's delivery addresses and notes, which the simulator's orders use too. */
export const demoStreets = [
  '1st Main Road',
  '4th Cross',
  '80 Feet Road',
  'Church Street',
  'Lake View Road',
  'Temple Street',
];
export const demoLandmarks = [
  'Near the bus stop',
  'Opposite the park',
  'Above the pharmacy',
  'Behind the school',
];
export const demoNotes = [
  'Please ring the bell twice',
  'Leave it with the security guard',
  'Call when you reach the gate',
];
