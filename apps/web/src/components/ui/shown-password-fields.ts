import { createContext } from 'react';

/**
 * Names of the password fields to open shown: a form that replaced its stand-in (lib/deferred-form)
 * opens them as the person left them there, so a click on 'Show password' made before the swap counts.
 * A module of its own, so a stand-in without a password field does not load the field.
 */
export const ShownPasswordFields = createContext<readonly string[]>([]);
