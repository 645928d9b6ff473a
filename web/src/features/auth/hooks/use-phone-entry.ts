import { DEFAULT_COUNTRY_CODE, PHONE_LENGTH } from '@showdown/shared/constants';
import { useEffect, useState } from 'react';
import { takeTypedFields } from '../../../lib/typed-before-hydration';

const cleanCountryCode = (value: string) => value.replace(/[^\d+]/g, '').slice(0, 5);
const cleanPhone = (value: string) => value.replace(/\D/g, '').slice(0, PHONE_LENGTH);

/** The login's country code and phone number, kept to the characters a number can hold. */
export function usePhoneEntry() {
  const [countryCode, setCountryCode] = useState(DEFAULT_COUNTRY_CODE);
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);

  // What the visitor typed into the served page while the app loaded (hydration wiped it).
  useEffect(() => {
    const typed = takeTypedFields();
    const typedCode = typed.get('country_code');
    const typedPhone = typed.get('phone');
    if (typedCode !== undefined) setCountryCode(cleanCountryCode(typedCode));
    if (typedPhone !== undefined) setPhone(cleanPhone(typedPhone));
  }, []);

  return {
    countryCode,
    phone,
    error,
    setError,
    /** A whole number: only then can an OTP be asked for. */
    ready: phone.length === PHONE_LENGTH,
    changeCountryCode: (value: string) => setCountryCode(cleanCountryCode(value)),
    changePhone: (value: string) => {
      setPhone(cleanPhone(value));
      setError(null);
    },
  };
}
