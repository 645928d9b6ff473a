import { describe, expect, it } from 'vitest';
import { noteTypedFields, takeTypedField } from './typed-before-hydration';

function served(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

describe('fields typed into before hydration', () => {
  it('notes the named fields whose value changed, and hands each out once', () => {
    const root = served(
      '<input name="phone" value=""><input name="country" value="+91"><input value="">',
    );
    const [phone, country, unnamed] = root.querySelectorAll('input');
    phone!.value = '98765';
    unnamed!.value = 'lost';
    noteTypedFields(root);
    expect(takeTypedField('phone')).toBe('98765');
    expect(takeTypedField('phone')).toBeUndefined();
    expect(country!.value).toBe('+91');
    expect(takeTypedField('country')).toBeUndefined();
  });

  it('notes a served value the visitor changed, even to empty', () => {
    const root = served('<input name="country" value="+91">');
    root.querySelector('input')!.value = '';
    noteTypedFields(root);
    expect(takeTypedField('country')).toBe('');
  });
});
