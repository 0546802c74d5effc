import { Avatar, type AvatarProps } from '@fluentui/react-components';
import type { SessionUser } from '../../../shared/api/users';
import { useAvatarImage } from '../picture';

/** A person's Fluent Avatar: their picture (through the transport on the desktop), else initials. */
export function UserAvatar({ user, ...props }: Omit<AvatarProps, 'name' | 'image'> & { user: Pick<SessionUser, 'imagePath' | 'name'> }) {
  const image = useAvatarImage(user);
  return <Avatar name={user.name} image={image} {...props} />;
}
