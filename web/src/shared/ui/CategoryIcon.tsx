import { ThemeIcon } from '@mantine/core';
import {
  IconBasket, IconBolt, IconBook, IconBriefcase, IconBuildingBank, IconBulb, IconBus, IconCar, IconCash, IconCategory, IconCoffee,
  IconDeviceGamepad2, IconDeviceTv, IconDots, IconGasStation, IconGift, IconHeart, IconHome, IconKey, IconMedicineSyrup, IconPaw,
  IconPlane, IconReceipt, IconReceiptRefund, IconSchool, IconShirt, IconShoppingBag, IconShoppingCart, IconTool, IconToolsKitchen2,
  IconWifi, IconPigMoney, IconTrendingUp, IconBabyCarriage, IconBarbell, type Icon,
} from '@tabler/icons-react';

/** The bundled icon set for categories (Tabler names, kebab case). */
export const categoryIcons: Record<string, Icon> = {
  'shopping-cart': IconShoppingCart, basket: IconBasket, 'tools-kitchen-2': IconToolsKitchen2, coffee: IconCoffee,
  home: IconHome, key: IconKey, tool: IconTool, bulb: IconBulb, bolt: IconBolt, wifi: IconWifi, receipt: IconReceipt,
  car: IconCar, 'gas-station': IconGasStation, bus: IconBus, plane: IconPlane, heart: IconHeart, 'medicine-syrup': IconMedicineSyrup,
  'device-gamepad-2': IconDeviceGamepad2, 'device-tv': IconDeviceTv, 'shopping-bag': IconShoppingBag, shirt: IconShirt,
  school: IconSchool, book: IconBook, briefcase: IconBriefcase, gift: IconGift, cash: IconCash, 'building-bank': IconBuildingBank,
  'receipt-refund': IconReceiptRefund, 'pig-money': IconPigMoney, 'trending-up': IconTrendingUp, paw: IconPaw,
  'baby-carriage': IconBabyCarriage, barbell: IconBarbell, dots: IconDots,
};

export const categoryColors = ['#e8590c', '#1971c2', '#0c8599', '#c2255c', '#9c36b5', '#f08c00', '#5f3dc4', '#2f9e44', '#868e96', '#2b8a3e', '#37b24d', '#e03131'];

export function CategoryIcon({ icon, color, size = 32 }: { icon: string; color: string; size?: number }) {
  const I = categoryIcons[icon] ?? IconCategory;
  return (
    <ThemeIcon size={size} radius="xl" color={color || 'gray'} variant="filled" aria-hidden>
      <I size={Math.round(size * 0.6)} />
    </ThemeIcon>
  );
}
