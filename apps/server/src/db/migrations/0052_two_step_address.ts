/**
 * A half-signed-in state keeps the address its right password came from: when it expires with no
 * second step made, the owner's activity says someone knew the password, and from where.
 */
export const up = ['alter table two_step_challenges add column ip text'];
