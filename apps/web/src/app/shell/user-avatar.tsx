import { useState } from 'react';
import { Avatar } from 'primereact/avatar';
import type { SessionUser } from '@goc/contracts';
import { avatarImage, initials } from './user-identity';

/** The employee photo when it is an http(s) URL that loads; the initials otherwise. */
export function UserAvatar({ user, size = 'normal' }: { user: SessionUser; size?: 'normal' | 'large' }) {
  const image = avatarImage(user);
  const [failed, setFailed] = useState<string | null>(null);
  if (image && failed !== image) {
    return <Avatar image={image} shape="circle" size={size} imageAlt="" onImageError={() => setFailed(image)} className="shrink-0" />;
  }
  return <Avatar label={initials(user)} shape="circle" size={size} className="shrink-0 bg-blue-100 font-semibold text-blue-700" aria-hidden="true" />;
}
