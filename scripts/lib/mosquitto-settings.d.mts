/** The delivery settings of docs/deploy/mosquitto.conf as `name value` lines. */
export declare const deploySettings: (path?: string) => string[];
