import EditIcon from '@mui/icons-material/Edit';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AVATARS, type AvatarOption } from '@showdown/shared/catalogue';
import { BROKER_AVATAR_ID } from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import { useSnackbar } from '../../../components/ui/toasts';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { AvatarImage } from '../../../components/ui/avatar-image';
import { Loader } from '../../../components/ui/loader';
import { PageLayout } from '../../../components/ui/page-layout';
import { errorMessage } from '../../../lib/api-client';
import { selectRequest, useAppStore } from '../../../stores/app-store';
import { fetchAllAvatars, updateProfile } from '../api/profile-api';
import { t } from '../../../i18n';

/** Player profile: avatar, name, read-only phone, email, 'Update Info'. */
export function AccountDetailsScreen() {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const user = useAppStore((s) => s.user);
  const saving = useAppStore(selectRequest('profileUpdate')).status === 'loading';
  const [username, setUsername] = useState(user?.username ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [avatarId, setAvatarId] = useState<number | null>(user?.avatar_id ?? null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [avatars, setAvatars] = useState<AvatarOption[]>([]);

  useEffect(() => {
    if (!pickerOpen || avatars.length > 0) return;
    fetchAllAvatars().then(setAvatars, () => setAvatars([...AVATARS]));
  }, [pickerOpen, avatars.length]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Empty fields fall back to the stored values: clearing a field does not erase it.
    const input = {
      username: username.trim() || user?.username,
      email: email.trim() || user?.email || undefined,
      avatar_id: avatarId ?? user?.avatar_id ?? undefined,
    };
    try {
      const message = await updateProfile(input);
      enqueueSnackbar(t(message ?? MSG.PROFILE_UPDATED), { variant: 'success' });
      void navigate('/profile');
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    }
  };

  const selectable = avatars.filter((a) => a.id !== BROKER_AVATAR_ID);

  return (
    <PageLayout title={t('Profile')}>
      {saving && <Loader overlay label={t('Saving')} />}
      <Stack component="form" noValidate spacing={3} onSubmit={submit} sx={{ pt: 2 }}>
        <ButtonBase
          aria-label={t('Change avatar')}
          onClick={() => setPickerOpen(true)}
          sx={{ alignSelf: 'center', borderRadius: '50%' }}
        >
          <Badge
            overlap="circular"
            anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
            badgeContent={<EditIcon fontSize="small" color="primary" />}
          >
            <AvatarImage avatarId={avatarId} name={user?.username} size={112} />
          </Badge>
        </ButtonBase>
        <TextField
          label={t('Name')}
          value={username}
          placeholder={user?.username}
          onChange={(e) => setUsername(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 40 } }}
        />
        <TextField
          label={t('Phone number')}
          value={user ? `${user.country_code} ${user.phone_number}` : ''}
          slotProps={{ htmlInput: { readOnly: true } }}
        />
        <TextField
          label={t('Email')}
          type="email"
          value={email}
          placeholder={user?.email ?? ''}
          onChange={(e) => setEmail(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 120, autoComplete: 'email' } }}
        />
        <Button type="submit" variant="contained" size="large" disabled={saving}>
          {t('Update Info')}
        </Button>
      </Stack>
      <Dialog open={pickerOpen} onClose={() => setPickerOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle sx={{ textAlign: 'center' }}>{t('Select Avatar')}</DialogTitle>
        <DialogContent>
          {selectable.length === 0 ? (
            <Loader label={t('Loading avatars')} />
          ) : (
            <Stack
              direction="row"
              sx={{ flexWrap: 'wrap', justifyContent: 'center', gap: 2, py: 1 }}
              role="list"
            >
              {selectable.map((avatar) => (
                <ButtonBase
                  key={avatar.id}
                  role="listitem"
                  aria-label={t(avatar.name)}
                  aria-pressed={avatar.id === avatarId}
                  onClick={() => {
                    setAvatarId(avatar.id);
                    setPickerOpen(false);
                  }}
                  sx={{
                    borderRadius: '50%',
                    outline: avatar.id === avatarId ? '3px solid' : 'none',
                    outlineColor: 'primary.light',
                  }}
                >
                  <AvatarImage avatarId={avatar.id} size={72} decorative />
                </ButtonBase>
              ))}
            </Stack>
          )}
        </DialogContent>
      </Dialog>
    </PageLayout>
  );
}
