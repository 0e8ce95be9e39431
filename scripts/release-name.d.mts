/** The build's name (release-name.mjs). */
export declare function releaseName(): string
