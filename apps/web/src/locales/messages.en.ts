import { MESSAGES } from '@omnia/contracts/messages';

/** The SPEC's messages (toasts, validation) by key; their English is the contracts' catalogue, which the server speaks too. */
export default MESSAGES;
