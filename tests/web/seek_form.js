// The lobby's form for a new seek (web/index.html #seek-box), filled as a player fills it: the
// game, a custom clock of `initial` seconds and `increment` added a move, rated or casual, and
// the seat. The caller opens the form before and presses #seek-create after.
'use strict';

async function fillSeek(page, { variant, initial, increment, rated, seat }) {
  await page.selectOption('#seek-variant', variant);
  await page.selectOption('#seek-clock', 'custom');
  await page.fill('#seek-initial', String(initial));
  await page.fill('#seek-increment', String(increment));
  await page.selectOption('#seek-rated', rated ? 'rated' : 'casual');
  await page.selectOption('#seek-seat', seat);
}

module.exports = { fillSeek };
