import type { CSSProperties, ReactNode } from 'react';
import { parseThemeColor, useMantineTheme } from '@mantine/core';
import {
  IconBasket,
  IconBolt,
  IconBook,
  IconBriefcase,
  IconBuildingBank,
  IconBulb,
  IconBus,
  IconCar,
  IconCash,
  IconCategory,
  IconCoffee,
  IconDeviceGamepad2,
  IconDeviceTv,
  IconDots,
  IconGasStation,
  IconGift,
  IconHeart,
  IconHome,
  IconKey,
  IconMedicineSyrup,
  IconPaw,
  IconPlane,
  IconReceipt,
  IconReceiptRefund,
  IconSchool,
  IconShirt,
  IconShoppingBag,
  IconShoppingCart,
  IconTool,
  IconToolsKitchen2,
  IconWifi,
  IconPigMoney,
  IconTrendingUp,
  IconBabyCarriage,
  IconBarbell,
  type Icon,
} from '@tabler/icons-react';
import css from './CategoryIcon.module.css';

/** The bundled icon set for categories (Tabler names, kebab case). */
export const categoryIcons: Record<string, Icon> = {
  'shopping-cart': IconShoppingCart,
  basket: IconBasket,
  'tools-kitchen-2': IconToolsKitchen2,
  coffee: IconCoffee,
  home: IconHome,
  key: IconKey,
  tool: IconTool,
  bulb: IconBulb,
  bolt: IconBolt,
  wifi: IconWifi,
  receipt: IconReceipt,
  car: IconCar,
  'gas-station': IconGasStation,
  bus: IconBus,
  plane: IconPlane,
  heart: IconHeart,
  'medicine-syrup': IconMedicineSyrup,
  'device-gamepad-2': IconDeviceGamepad2,
  'device-tv': IconDeviceTv,
  'shopping-bag': IconShoppingBag,
  shirt: IconShirt,
  school: IconSchool,
  book: IconBook,
  briefcase: IconBriefcase,
  gift: IconGift,
  cash: IconCash,
  'building-bank': IconBuildingBank,
  'receipt-refund': IconReceiptRefund,
  'pig-money': IconPigMoney,
  'trending-up': IconTrendingUp,
  paw: IconPaw,
  'baby-carriage': IconBabyCarriage,
  barbell: IconBarbell,
  dots: IconDots,
};

export const categoryColors = [
  '#e8590c',
  '#1971c2',
  '#0c8599',
  '#c2255c',
  '#9c36b5',
  '#f08c00',
  '#5f3dc4',
  '#2f9e44',
  '#868e96',
  '#2b8a3e',
  '#37b24d',
  '#e03131',
];

/**
 * An icon on a filled circle, as Mantine's filled ThemeIcon draws it with the
 * theme's autoContrast (a dark icon on a light fill: orange, green, gray), in
 * one plain element: lists draw dozens of them, and a ThemeIcon is two
 * components (with its Box) that resolve their styles at every render. color
 * is a category's (#rrggbb) or a Mantine color's name; empty, gray.
 */
export function RoundIcon({ color, size = 32, children }: { color: string; size?: number; children: ReactNode }) {
  const theme = useMantineTheme();
  const parsed = parseThemeColor({ color: color || 'gray', theme });
  const style = {
    '--ri-size': `${size / 16}rem`,
    '--ri-color': !parsed.isThemeColor ? color : `var(--mantine-color-${parsed.color}-${parsed.shade === undefined ? 'filled' : parsed.shade})`,
    '--ri-icon': theme.autoContrast && parsed.isLight ? 'var(--mantine-color-black)' : 'var(--mantine-color-white)',
  } as CSSProperties;
  return (
    <span className={css.round} style={style} aria-hidden>
      {children}
    </span>
  );
}

export function CategoryIcon({ icon, color, size = 32 }: { icon: string; color: string; size?: number }) {
  const I = categoryIcons[icon] ?? IconCategory;
  return (
    <RoundIcon color={color} size={size}>
      <I size={Math.round(size * 0.6)} />
    </RoundIcon>
  );
}
