import { forwardRef, type ComponentProps } from "react";
import { Link as RouterLink, NavLink as RouterNavLink } from "react-router";

// The shop's links animate page changes with the view transition named `page` (SPEC.md §2:
// out, then in; see app.css). Use these instead of React Router's own.

export const Link = forwardRef<HTMLAnchorElement, ComponentProps<typeof RouterLink>>(function Link(props, ref) {
  return <RouterLink ref={ref} viewTransition {...props} />;
});

export const NavLink = forwardRef<HTMLAnchorElement, ComponentProps<typeof RouterNavLink>>(function NavLink(props, ref) {
  return <RouterNavLink ref={ref} viewTransition {...props} />;
});
