import { Component, type ReactNode } from "react";

/** Shows `fallback` in place of its children when rendering them fails (a part whose code could not load, say). */
export class FallbackBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
