/** Client-side texts of the login flow (SPEC §5, §8). */
export const OTP_INCORRECT_SHORT = 'The entered OTP is incorrect.';
export const REGISTER_FIRST = 'Please register first';
export const EMPTY_OTP = 'Please enter the OTP';
export const REGISTER_MISSING = 'Please enter your name and phone number.';
