import { msg } from '../../../i18n';

/** Client-side texts of the login flow. */
export const OTP_INCORRECT_SHORT = msg('The entered OTP is incorrect.');
export const REGISTER_FIRST = msg('Please register first');
export const EMPTY_OTP = msg('Please enter the OTP');
export const REGISTER_MISSING = msg('Please enter your name and phone number.');
