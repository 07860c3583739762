import { indefiniteArticle } from "shared-types";

export function serviceMessage(modelName?: string): string {
  if (!modelName) return "I would like to request servicing for some of my fleet vehicles.";
  return `I would like to request servicing for ${indefiniteArticle(modelName)} ${modelName}.`;
}

export function partsMessage(modelName?: string): string {
  if (!modelName) return "I am looking for parts for some of my fleet vehicles.";
  return `I am looking for parts for ${indefiniteArticle(modelName)} ${modelName}.`;
}
