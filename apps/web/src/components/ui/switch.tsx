import { Switch as RadixSwitch } from 'radix-ui';
import type { ComponentProps } from 'react';

/** An on/off switch (Radix): a button with role="switch", labelled by its <label htmlFor>. */
export function Switch(props: Omit<ComponentProps<typeof RadixSwitch.Root>, 'className'>) {
  return (
    <RadixSwitch.Root
      {...props}
      className="relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-input transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-primary"
    >
      <RadixSwitch.Thumb className="pointer-events-none block size-5 rounded-full bg-background shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
    </RadixSwitch.Root>
  );
}
