import { afterEach, describe, expect, it } from 'vitest';
import { takeTypedFields, watchTypedFields } from './typed-before-hydration';

function served(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

function type(field: HTMLInputElement, value: string) {
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

afterEach(() => {
  takeTypedFields();
  document.body.replaceChildren();
});

describe('fields typed before the app took the page over', () => {
  it('notes the named fields already changed when the watching starts', () => {
    const root = served(
      '<input name="phone" value=""><input name="country" value="+91"><input value="">',
    );
    const [phone, , unnamed] = root.querySelectorAll('input');
    phone!.value = '98765';
    unnamed!.value = 'lost';
    watchTypedFields(root);
    expect(takeTypedFields()).toEqual(new Map([['phone', '98765']]));
  });

  it('keeps what is typed while the app hydrates, the last value of each field', () => {
    const root = served('<input name="phone" value=""><input name="country" value="+91">');
    const [phone, country] = root.querySelectorAll('input');
    watchTypedFields(root);
    type(phone!, '98');
    type(phone!, '9876');
    type(country!, '');
    expect(takeTypedFields()).toEqual(
      new Map([
        ['phone', '9876'],
        ['country', ''],
      ]),
    );
  });

  it('hands the values out once, and stops watching then', () => {
    const root = served('<input name="phone" value="">');
    const phone = root.querySelector('input')!;
    watchTypedFields(root);
    type(phone, '1');
    expect(takeTypedFields().get('phone')).toBe('1');
    type(phone, '12');
    expect(takeTypedFields().size).toBe(0);
  });
});
