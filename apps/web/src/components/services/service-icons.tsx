import {
  Cloud,
  GraduationCap,
  LayoutGrid,
  ListChecks,
  type LucideIcon,
  MessageCircle,
  Server,
} from 'lucide-react';

const ICONS: Record<string, LucideIcon> = {
  cloud: Cloud,
  'message-circle': MessageCircle,
  server: Server,
  'graduation-cap': GraduationCap,
  'list-checks': ListChecks,
};

export function serviceIcon(name: string): LucideIcon {
  return ICONS[name] ?? LayoutGrid;
}
