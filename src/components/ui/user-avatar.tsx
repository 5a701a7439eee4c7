import { Box, Image } from "@chakra-ui/react";
import { initials } from "@/components/layout/user-menu";
import { fileCropUrl } from "@/shared/files";

interface UserAvatarProps {
  name: string;
  profilePic: string | null | undefined;
  /** Pixels. */
  size?: number;
}

/** The profile picture, or the initials of the name on a teal disc. Decorative: the name is shown beside it. */
export function UserAvatar({ name, profilePic, size = 64 }: UserAvatarProps) {
  if (profilePic) {
    return (
      <Image
        src={fileCropUrl("users", profilePic, { w: size * 2, h: size * 2 })}
        alt=""
        width={`${size}px`}
        height={`${size}px`}
        borderRadius="full"
        objectFit="cover"
        flexShrink={0}
        bg="gray.100"
      />
    );
  }
  return (
    <Box
      aria-hidden="true"
      width={`${size}px`}
      height={`${size}px`}
      borderRadius="full"
      bg="teal.700"
      color="white"
      display="flex"
      alignItems="center"
      justifyContent="center"
      fontWeight="bold"
      fontSize={`${Math.round(size * 0.38)}px`}
      flexShrink={0}
    >
      {initials(name) || "?"}
    </Box>
  );
}
